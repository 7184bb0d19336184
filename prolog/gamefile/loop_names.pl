:- module(arena_gamefile_loop_names,
          [ names/2,                  % +Games, -Names
            names/3,                  % +Games, +Typed, -Names
            lower_apart/2             % +Text, -Lower
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module(library(assoc)).
:- use_module(library(yall)).
:- use_module(library(ordsets)).
:- use_module(loop_static, [static_names/3, static_dropped/2]).
:- use_module(loop_turn_names, [turn_names/3]).
:- use_module(loop_seen, [seen_or/4]).

/** <module> Who plays each pick of a game's own loop

For an adapter that plays a game through its own loop
(prolog/gamefile/propose_loopgame.pl): from a few whole games, each its
decisions, the marks (output and input positions) at each pick and the
text the loop wrote, the words that name the player to move, or the
groups of picks that are one turn.
*/

%   names(+Games, -Names): names(W1, W2), W1 a word the loop writes before the
%   first player's picks and not before the second's, W2 the other way round; or none.
names(Games, Names) :- names(Games, false, Names).

%   names(+Games, +Typed, -Names): as names/2; where Typed is true (the
%   arena types a person's moves: prolog/gamefile/loop_answer.pl) the
%   question before each pick ("Row:", "Column:") names no player (but
%   where no other words do, the question may: "Player 2, take:"), and
%   a turn is never a group of picks with nothing between.
names(Games, Typed, Names) :-
    names_as(Typed, Games, Typed, Names0),
    (   Typed == true, Names0 == none       % "Player 2, take 1 to 3:": the question names
    ->  names_as(asked, Games, Typed, Names1)
    ;   Names1 = Names0
    ),                                      % no names: without a legend written each time
    (   Names1 == none, static_names(Games, Typed, Names2) -> Names = Names2 ; Names = Names1 ).

%   names_as(+Questions, +Games, +Typed, -Names): names_/3 with the
%   questions before the picks dropped (true), kept (asked) or, the arena
%   typing nothing, no question apart (false).
names_as(Questions, Games, Typed, Names) :-
    setup_call_cleanup(
        nb_setval(arena_names_typed, Questions),
        names_(Games, Typed, Names),
        nb_setval(arena_names_typed, false)).

names_(Games, Typed, Names) :-
    (   member(Part, [turn, all, last]),
        findall(Parity-Words,
                ( member(_-Marks-Text, Games),
                  reverse(Marks, Ordered),
                  segment_words(Part, Ordered, 0, Text, 0, Parity, Words) ),
                Pairs),
        name_of(0, Pairs, W10),
        name_of(1, Pairs, W20),
        W10 \== W20,
        (   Typed == true               % not words of the questions of a turn's
        ->  maplist(game_lines, Games, Lines),  % parts ("on the board"): two
            keyed(Lines, [W10, W20], Keyed),
            same_line(Keyed, W10, W20)          % names in one line's place
        ;   true
        )
    ->  (   reported(Games, W10, W20)       % "Computer 1 placed a piece": the one
        ->  Names = names(W20, W10)         % who moved before the pick, not at it
        ;   Names = names(W10, W20)
        )
    ;   turn_names(Games, W1, W2)
    ->  Names = turns(W1, W2)
    ;   Typed == false,
        forall(member(_-Marks-_, Games), grouped(Marks))
    ->  Names = grouped
    ;   Names = none
    ).

turn_line(Words) :-
    member(T, ["turn", "vez", "turno", "playing", "joga"]),
    memberchk(T, Words),
    !.

%   reported(+Games, +W1, +W2): the lines that name the player before
%   each pick tell, most of them, the move just made ("Computer 2 placed
%   a piece in E4"), none whose turn it is.
reported(Games, W1, W2) :-
    findall(Kind,
            ( member(_-Marks-Text, Games),
              reverse(Marks, Ordered),
              segment_words(lines, Ordered, 0, Text, 0, Parity, Lines),
              nth0(Parity, [W1, W2], W),
              atom_string(W, WS),
              member(Ws, Lines),
              memberchk(WS, Ws),
              (   turn_line(Ws)
              ->  Kind = turn
              ;   member(V, ["placed", "moved", "played", "put", "took", "chose", "captured",
                             "removed", "dropped", "jumped", "jogou", "moveu", "colocou"]),
                  memberchk(V, Ws)
              ->  Kind = report
              ;   Kind = other
              ) ),
            Kinds),
    \+ memberchk(turn, Kinds),
    aggregate_all(count, member(report, Kinds), R),
    length(Kinds, N),
    R >= 3,
    R * 2 > N.

%   grouped(+Marks): most picks of a game come with another one before
%   or after them with no text written or read between (a row, then a
%   column): a turn is such a group.
grouped(Marks) :-
    msort(Marks, Sorted),
    clumped(Sorted, Counts),
    aggregate_all(sum(C), ( member(_-C, Counts), C >= 2 ), InGroups),
    length(Marks, N),
    N >= 4,
    InGroups * 2 > N.

%   question_word(+W): a word of a question the arena typed at, digits
%   left out ("Insert Row", "Player , take:"): a move's part, no name.
question_word(W) :-
    typed_shape_words(Ws),
    memberchk(W, Ws),
    !.

%   question_part(+W): two words or more, those not a number all of one
%   typed question ("and 7" of "Ring between 1 and 7:"; "player 2" of
%   "Player 2, take:"): rather a move's part than a name.
question_part(W) :-
    split_string(W, " ", "", Parts),
    Parts = [_, _|_],
    exclude(number_word, Parts, Words),
    Words \== [],
    typed_shape_words(Ws),
    forall(member(P, Words), memberchk(P, Ws)),
    !.

typed_shape_words(Ws) :-
    nb_current(arena_names_typed, T),
    T \== false,
    nb_current(arena_typed_shapes, Shapes),
    is_list(Shapes),
    member(S, Shapes),
    text_words(S, Ws).

number_word(P) :-
    number_string(_, P).

%   keyed(+Lines, +Ws, -Keyed): Key-W for each line between picks (Lines
%   as game_lines/2 gives them) that holds a word W of Ws, Key its others.
keyed(Lines, Ws, Keyed) :-
    append(Lines, Texts), append(Texts, AllLines), sort(AllLines, Shapes),
    findall(Key-W, ( member(Line, Shapes), member(W, Line), memberchk(W, Ws),
                     without(Line, W, Key), Key \== [] ), Keyed0),
    sort(Keyed0, Keyed).

%   same_line(+Keyed, +A, +B): a line the loop writes names A where
%   another one, the same otherwise, names B ("Turn of x", "Turn of o"):
%   two names rather than a name and a word of the same text. Keyed
%   holds Key-Word, Key a line's words without Word.
same_line(Keyed, A, B) :-
    member(Key-A, Keyed),
    memberchk(Key-B, Keyed),
    !.

%   without(+Words, +W, -Rest): Words without W and the pairs of words
%   with W in them ("of x").
without(Words, W, Rest) :-
    exclude(with_word(W), Words, Rest).

with_word(W, X) :-
    (   X == W
    ->  true
    ;   split_string(X, " ", "", Parts),
        memberchk(W, Parts)
    ).

%   game_lines(+Game, -Texts): the text before each pick of Game, each
%   its lines (each its words) last line first.
game_lines(_-Marks-Text, Texts) :-
    reverse(Marks, Ordered),
    findall(Backwards, ( segment_words(lines, Ordered, 0, Text, 0, _, Lines),
                         reverse(Lines, Backwards) ), Texts).

%   numbered(+W1, +W2): "computer 1", "player x": a word, then a number
%   or a letter.
numbered(W1, W2) :-
    string_length(W1, L1), L1 > 1,
    string_codes(W1, C1), forall(member(C, C1), code_type(C, alpha)),
    (   number_string(_, W2) -> true ; string_length(W2, 1) ).

%   segment_words(+Marks, +Start, +Text, +I, -Parity, -Words): the words
%   written before each pick but the first (the menu's), by the parity
%   of the pick.
segment_words(Marks, Start, Text, I, Parity, Words) :-
    segment_words(all, Marks, Start, Text, I, Parity, Words).

%   segment_words(+Part, ...): Part all, or last: the last line of each
%   text only (the one that says whose turn it is, where the text also
%   tells the other's last move), turn: the lines with a word of turns,
%   or lines: Words the words of each line.
segment_words(Part, [at(End, _)|Rest], Start, Text, I, Parity, Words) :-
    (   I > 0,
        Len is max(0, End - Start),
        sub_string(Text, Start, Len, _, Seg00),
        question_dropped(Seg00, Seg01), static_dropped(Seg01, Seg0),
        Parity is I mod 2,
        (   Part == all
        ->  text_words(Seg0, Words)
        ;   split_string(Seg0, "\n", " \t\r", Ls0),
            exclude(==(""), Ls0, Ls),
            (   Part == lines
            ->  maplist(text_words, Ls, Words)
            ;   Part == turn                % "PLAYER TURN: RED" under "RED: 0 | BLUE: 2"
            ->  findall(W, ( member(L, Ls), text_words(L, LWs), turn_line(LWs),
                             member(W, LWs) ), Words0),
                sort(Words0, Words)
            ;   (   last(Ls, Seg) -> true ; Seg = "" ),
                text_words(Seg, Words)
            )
        )
    ;   I1 is I + 1,
        segment_words(Part, Rest, End, Text, I1, Parity, Words)
    ).

%   question_dropped(+Seg0, -Seg): where the arena types a person's
%   moves, the text before a pick without its last line (the question).
question_dropped(Seg0, Seg) :-
    (   nb_current(arena_names_typed, true),
        split_string(Seg0, "\n", "", Ls0),
        reverse(Ls0, Backwards0),
        append(Blank, [Question|Before], Backwards0),
        forall(member(B, Blank), split_string(B, "", " \t\r", [""])),
        \+ split_string(Question, "", " \t\r", [""]),
        !
    ->  reverse(Before, Ls),
        atomic_list_concat(Ls, '\n', Seg1),
        atom_string(Seg1, Seg)
    ;   Seg = Seg0
    ).

text_words(Seg, Words) :-
    seen_or(words, Seg, Words, text_words_(Seg, Words)).

text_words_(Seg, Words) :-
    lower_apart(Seg, Lower),
    split_string(Lower, " \t\n\r.,;:!?()[]'`\"-=|*#", " \t\n\r.,;:!?()[]'`\"-=|*#", Ws0),
    convlist(word_part, Ws0, Ws1),     % not the lines of a board ("╔═══╦")
    findall(B, ( nextto(A1, A2, Ws1), numbered(A1, A2),
                 atomics_to_string([A1, ' ', A2], B) ), Bigrams),
    append(Ws1, Bigrams, Ws2),        % "computer 1", where "1" also counts sticks
    sort(Ws2, Words).

%   word_part(+Token, -Word): Token without the signs at its ends; none
%   if it holds no letter or digit.
word_part(Token, Word) :-
    string_codes(Token, Cs0),
    drop_signs(Cs0, Cs1),
    reverse(Cs1, R0),
    drop_signs(R0, R1),
    R1 \== [],
    reverse(R1, Cs),
    string_codes(Word, Cs).

drop_signs([C|Cs], Rest) :-
    \+ code_type(C, alnum),
    !,
    drop_signs(Cs, Rest).
drop_signs(Cs, Cs).

%   name_of(+P, +Pairs, -Word): the word in at least 80% of the texts
%   before P's picks and at most 25% of the other's (a text may still
%   tell the other's last move), the one that tells them apart best.
name_of(P, Pairs, Word) :-
    Q is 1 - P,
    findall(Ws, member(P-Ws, Pairs), Own),
    findall(Ws, member(Q-Ws, Pairs), Other),
    length(Own, NO), length(Other, NT),
    NO >= 3, NT >= 3,
    counts(Own, OwnCounts),
    counts(Other, OtherCounts),
    list_to_assoc(OtherCounts, InOther),
    findall(Score-W,
            ( member(W-CO, OwnCounts),
              \+ question_word(W),
              SO is CO / NO, SO >= 0.8,
              (   get_assoc(W, InOther, CT) -> true ; CT = 0 ),
              ST is CT / NT, ST =< 0.25,
              SO - ST >= 0.7,
              (   sub_string(W, _, _, _, " ") -> Pair = 0.001       % a word before a pair
              ;   string_length(W, 1) -> Pair = 0.0005  % or a letter that does as well
              ;   Pair = 0
              ),
              Score is ST - SO + Pair ),
            Scored),
    keysort(Scored, [_-Text|_]),
    atom_string(Word, Text).

%   counts(+Texts, -Counts): Word-Count, the texts (each a set of words)
%   that hold each word, in the standard order of the words.
counts(Texts, Counts) :-
    append(Texts, All),
    msort(All, Sorted),
    clumped(Sorted, Counts).

%!  lower_apart(+Text, -Lower) is det.
%
%   Text in small letters, a space put where a small letter met a
%   capital: "okWhite Player Turn" (a word written with no space before
%   it) names White; a terminal's colour codes left out.

lower_apart(Text, Lower) :-
    string_codes(Text, Cs),
    apart(Cs, Out),
    string_codes(Apart, Out),
    string_lower(Apart, Lower).

apart([27, 0'[|Cs], Out) :-            % a terminal's colour ("\e[31m"): no text
    append(_, [F|Rest], Cs),
    F >= 0'@, F =< 0'~,
    !,
    apart(Rest, Out).
apart([A, B|Cs], [A, 0' |Out]) :-
    code_type(A, lower), code_type(B, upper),
    !,
    apart([B|Cs], Out).
apart([C|Cs], [C|Out]) :-
    !,
    apart(Cs, Out).
apart([], []).
