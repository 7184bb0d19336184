:- module(arena_gamefile_loop_turn_names,
          [ turn_names/3              % +Games, -W1, -W2
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate), [aggregate_all/3]).
:- use_module(library(yall)).
:- use_module(loop_names, []).  % its helpers, called by module

/** <module> Two words a game's loop writes in turn before its picks

For prolog/gamefile/loop_names.pl: where picks and players do not simply
alternate (a turn of several picks, a turn asked again), the two words
that name whose turn it is.
*/

%   turn_names(+Games, -W1, -W2): where picks and players do not simply
%   alternate (a turn of two picks: a piece, then where it goes), two
%   words that the loop's texts between picks name in turn: each text
%   that has one and not the other names whose turn it is.
turn_names(Games, W1, W2) :-
    findall(Off-W, ( member(Part, [all, last]),     % the last lines alone: "red claims
                     even_words(Part, Games, Off, W) ), Mid0),  % 3", then "Turn of blue"
    keysort(Mid0, Mid1),                % the most even first, at most 40
    pairs_values(Mid1, Mid3),
    list_to_set(Mid3, Mid2),
    (   length(Mid, 40), append(Mid, _, Mid2) -> true ; Mid = Mid2 ),
    maplist(arena_gamefile_loop_names:game_lines, Games, Lines),
    arena_gamefile_loop_names:keyed(Lines, Mid, Keyed),
    findall(Way-Scored,
            ( member(Way, [turns, runs, retried]),
              way_scored(Way, Mid, Keyed, Lines, Scored) ),
            Ways),
    (   member(_-Scored, Ways),         % names no typed question writes first
        include(named_apart, Scored, Apart), Apart \== []
    ->  Best = Apart
    ;   Ways = [_-Best|_]
    ),
    keysort(Best, Ascending),
    last(Ascending, _-(A1-B1)),
    first_named(Games, A1, B1, First),
    (   First == A1 -> S1 = A1, S2 = B1 ; S1 = B1, S2 = A1 ),
    atom_string(W1, S1),
    atom_string(W2, S2),
    !.

%   even_words(+Part, +Games, -Off, -W): a word W in 15% to 85% of the
%   texts before the picks (Part as segment_words/7 takes), Off from
%   half of them.
even_words(Part, Games, Off, W) :-
    findall(Words, ( member(_-Marks-Text, Games),
                     reverse(Marks, Ordered),
                     arena_gamefile_loop_names:segment_words(Part, Ordered, 0, Text, 0, _, Words) ), All0),
    (   nb_current(arena_names_typed, T), T \== false    % not the texts of an answer alone
    ->  exclude([Ws]>>( Ws = [_] ; Ws = [] ), All0, All)
    ;   exclude(==([]), All0, All)      % nor the picks of a turn with nothing between
    ),
    length(All, N),
    N >= 8,
    arena_gamefile_loop_names:counts(All, Counts),
    member(W-C, Counts),
    C >= N * 0.15, C =< N * 0.85,
    \+ arena_gamefile_loop_names:question_word(W),
    Off is abs(C - N / 2).

way_scored(Way, Mid, Keyed, Lines, Scored) :-
    findall(Score-(A-B), scored(Way, Mid, Keyed, Lines, A, B, Score), Scored),
    Scored \== [].

%   scored(+Way, +Mid, +Keyed, +Lines, -A, -B, -Score): words A and B of
%   Mid that name the turns, in one of three ways: each text names one
%   (turns), a turn's line is written again before each of its picks
%   (runs), or a turn is asked again where its computer's move failed
%   (retried).
scored(turns, Mid, Keyed, Lines, A, B, Score) :-
    member(A, Mid), member(B, Mid), A @< B,
    \+ counts_apart(A, B),               % "5 sticks left", "7 sticks left"
    alternation(turns, Lines, A, B, Score0),
    (   ( same_first_word(A, B) ; arena_gamefile_loop_names:same_line(Keyed, A, B) )
    ->  Score is Score0 + 0.5
    ;   \+ ( nb_current(arena_names_typed, T), T \== false ),
        Score = Score0                  % typed: not words of a turn's questions
    ).                                  % ("the piece you wish", "your destination")
scored(runs, Mid, Keyed, Lines, A, B, Score) :-
    member(A, Mid), member(B, Mid), A @< B,
    \+ counts_apart(A, B),
    turn_line(Keyed, A, B, Strength),
    alternation(runs, Lines, A, B, Score0),
    Score is Strength * 1000000 + Score0.
scored(retried, Mid, Keyed, Lines, A, B, Score) :-
    member(A, Mid), member(B, Mid), A @< B,
    \+ counts_apart(A, B),
    seat_line(Keyed, A, B),
    alternation(retried, Lines, A, B, Score).

%   named_apart(+Scored): neither word is a typed question's with a
%   number ("and 7"), which its parts, not its players, write in turn.
named_apart(_-(A-B)) :-
    \+ arena_gamefile_loop_names:question_part(A),
    \+ arena_gamefile_loop_names:question_part(B).

%   counts_apart(+A, +B): two numbers that are no players' (1 and 2, or 0
%   and 1, are).
counts_apart(A, B) :-
    number_string(_, A),
    number_string(_, B),
    \+ memberchk(A-B, ["1"-"2", "0"-"1"]).

%   same_first_word(+A, +B): "player 1" and "player 2": a pair of names
%   rather than a name and a word that shows with the other.
same_first_word(A, B) :-
    split_string(A, " ", "", [W, _]),
    split_string(B, " ", "", [W, _]).

%   alternation(+How, +Games, +A, +B, -Score): in every game (its texts,
%   as game_lines/2 gives them) the texts that name one of A, B alone name
%   them in turn (How turns: 90% of the changes at least; runs: a turn's
%   picks and refusals alike, two changes at least; retried: 70% of the
%   changes in all games together, 20 at least, a turn asked again where
%   a move failed), each at least 3 times in all; Score counts them.
alternation(How, Games, A, B, Score) :-
    foldl(game_alternation(How, A, B), Games, 0-0-0-0, NA-NB-C-P),
    NA >= 3,
    NB >= 3,
    (   How == retried -> P >= 20, C >= 0.7 * P ; true ),
    Score is NA + NB.

game_alternation(How, A, B, Texts, NA0-NB0-C0-P0, NA-NB-C-P) :-
    findall(Who, ( member(Backwards, Texts), named_line(A, B, Backwards, Who) ), Named),
    include(==(A), Named, As), length(As, KA),
    include(==(B), Named, Bs), length(Bs, KB),
    changes(Named, 0, Changes),
    (   How == turns -> Changes >= 0.9 * (KA + KB - 1)
    ;   How == runs -> Changes >= 2
    ;   true
    ),
    NA is NA0 + KA,
    NB is NB0 + KB,
    C is C0 + Changes,
    P is P0 + max(0, KA + KB - 1).

%   seat_line(+Keyed, +A, +B): a line that names a player or a turn
%   names A where it otherwise names B ("PLAYER white -", "PLAYER black -").
seat_line(Keyed, A, B) :-
    member(Key-A, Keyed),
    memberchk(Key-B, Keyed),
    member(T, Key),
    memberchk(T, ["player", "jogador", "turn", "vez", "turno", "computer", "bot", "cpu",
                  "pc", "ai", "side", "team"]),
    !.

%   turn_line(+Keyed, +A, +B, -Strength): a line that says whose turn it
%   is names A where it otherwise names B ("Turn of player playing black",
%   "white"); Strength 2 where it says "turn" ("alpha, is your turn!"), 1
%   where it only says "play" or "move" ("Choose a hexagon to play except 2").
turn_line(Keyed, A, B, Strength) :-
    aggregate_all(max(S), ( member(Key-A, Keyed), memberchk(Key-B, Keyed),
                            member(T, Key), turn_word(T, S) ), Strength).

turn_word(T, 2) :- arena_gamefile_loop_names:turn_line([T]).
turn_word(T, 1) :- memberchk(T, ["move", "moves", "play", "jogar", "jogada"]).

%   named_line(+A, +B, +Lines, -Who): the first of Lines (each its words)
%   that names one of A, B and not the other names Who.
named_line(A, B, Lines, Who) :-
    member(Ws, Lines),
    (   memberchk(A, Ws), \+ memberchk(B, Ws) -> Who = A
    ;   memberchk(B, Ws), \+ memberchk(A, Ws) -> Who = B
    ),
    !.

changes([X, Y|T], C0, C) :-
    !,
    (   X \== Y -> C1 is C0 + 1 ; C1 = C0 ),
    changes([Y|T], C1, C).
changes(_, C, C).

%   first_named(+Games, +A, +B, -First): of A and B, the one the loop
%   named last before its first pick (or, failing that, the other of the
%   one it named first after it).
first_named(Games, A, B, First) :-
    Games = [_-Marks-Text|_],
    last(Marks, at(End, _)),
    sub_string(Text, 0, End, _, Before),
    arena_gamefile_loop_names:lower_apart(Before, Lower),
    split_string(Lower, "\n", "", Lines),
    reverse(Lines, Backwards),
    member(Line, Backwards),
    split_string(Line, " \t\r.,;:!?()[]'`\"-=|*#", " \t\r.,;:!?()[]'`\"-=|*#", Ws),
    (   name_in(A, Ws), \+ name_in(B, Ws) -> First = A
    ;   name_in(B, Ws), \+ name_in(A, Ws) -> First = B
    ),
    !.
first_named(Games, A, B, First) :-
    Games = [_-Marks-Text|_],
    reverse(Marks, Ordered),
    once(( arena_gamefile_loop_names:segment_words(Ordered, 0, Text, 0, _, Ws),
           (   memberchk(A, Ws), \+ memberchk(B, Ws) -> Second = A
           ;   memberchk(B, Ws), \+ memberchk(A, Ws) -> Second = B
           ) )),
    (   Second == A -> First = B ; First = A ).

%   name_in(+Name, +Words): Name (one word or two) among Words.
name_in(Name, Words) :-
    split_string(Name, " ", "", NWs),
    append(_, Tail, Words),
    append(NWs, _, Tail),
    !.

