:- module(arena_loop_winner,
          [ winner_guess/3,           % +Games, +Names, -Why
            sides_by_last_pick/3,     % +Games, +Turns, -Names
            side_ended/3,             % +Marks, +Text, -Side
            won_said/6,               % +M, +Taken, +Marks, +Outcome, +Text0, -Text
            banner_words/5,           % +Words, +Before, +After, +Names, -All
            side_winner/3,            % +M, +Side, -Winner
            unmapped_winner/2,        % +Words, -X
            no_one_won/1,             % +Words
            no_one_won_said/2,        % +Lower, +Why
            an_end_said/1,            % +Text
            digits_apart/2,           % +Words0, -Words
            since_win_line/2          % +Lines, -Backwards
          ]).
:- use_module(library(lists)).
:- use_module(library(apply), [foldl/4, include/3, partition/4, maplist/3]).
:- use_module(loop_game, []).
:- use_module(loop_words, []).
:- use_module(loop_watch, []).

/** <module> Whether a loop's winner could only be guessed

Where no words tie a loop's picks to the players (prolog/gamefile/loop_names.pl
finds none), the winner of a game played through its own loop is the
player its end names by number, else the last to pick
(prolog/gamefile/loop_game.pl). From the proposal's whole games
(prolog/gamefile/propose_loopgame.pl) this says where that would be a
guess.
*/

%!  winner_guess(+Games, +Names, -Why) is semidet.
%
%   Games are whole games, Taken-Marks-Text each, Names what
%   loop_names:names/3 found. True, with Why the reason, where no names
%   tie the picks to the players and the end names the winner by a side
%   whose moves the loop's text tells (its picks need not be those
%   moves). An end that names the winner by a word tied to no one is
%   the game's end's to refuse (loop_game.pl, loop_over/2).

winner_guess(Games, Names, Why) :-
    Names \= names(_, _),
    Names \= turns(_, _),
    Names \= sides(_, _, _),
    findall(Side, ( member(_-Marks-Text, Games), side_won(Marks, Text, Side) ), Sides),
    Sides = [Side, _|_],
    (   one_side_only(Games, Picker),
        Picker \== Side
    ->  format(atom(Why), "names its winner as ~w, but every pick follows a line \c
                           naming ~w: the game's own computer moves for ~w with no \c
                           random pick, so the arena's players cannot play that side \c
                           (a menu mode with random computers on both sides could)",
                   [Side, Picker, Side])
    ;   format(atom(Why), "names its winner as ~w, a side whose moves it writes, but no \c
                           words it writes before its picks tell which player makes them",
               [Side])
    ).

%!  sides_by_last_pick(+Games, +Turns, -Names) is semidet.
%
%   Names is sides(Turns, S1, S2) where no words name the players, the
%   turns are its picks or groups of them (Turns: picks or grouped), and
%   the loop's end names the winner by a side: in every
%   game whose end names a side, that side made the last pick, player1's
%   side S1 and player2's S2 the same in all of them, at least six such
%   games, each side the winner of one at least. Games won by a side
%   that moved first in some and second in others, or by the side that
%   did not move last, tell nothing, and fail.

sides_by_last_pick(Games, Turns, sides(Turns, S1, S2)) :-
    \+ one_side_only(Games),
    findall(Side-Seat,
            ( member(Taken-Marks-Text, Games),
              side_ended(Marks, Text, Side0),
              atom_string(Side, Side0),
              (   Turns == grouped          % a turn's picks share their mark
              ->  sort(Marks, Groups), length(Groups, N)
              ;   length(Taken, N)
              ),
              (   N mod 2 =:= 1 -> Seat = player1 ; Seat = player2 ) ),
            Pairs),
    length(Pairs, K), K >= 6,
    sort(Pairs, [A-SeatA, B-SeatB]),
    A \== B, SeatA \== SeatB,
    (   SeatA == player1 -> S1 = A, S2 = B ; S1 = B, S2 = A ).

%   one_side_only(+Games, -Side): every pick of every game follows a
%   line naming the same side.
one_side_only(Games) :-
    one_side_only(Games, _).
one_side_only(Games, Picker) :-
    findall(P, ( member(_-Marks-Text, Games), one_side_picks(Marks, Text, P) ), Pickers),
    length(Games, N),
    length(Pickers, N),
    sort(Pickers, [Picker]).

%   won_said(+M, +Taken, +Marks, +Outcome, +Text0, -Text): Text0, its
%   end (up to a question to play again) followed by what its last call
%   that says "win" says, where its words do not (a banner drawn in
%   letters: loop_watch:won_shown/5), as in play.
won_said(M, Taken, Marks, Outcome, Text0, Text) :-
    reverse(Taken, Ds),
    arena_loop_game:last_shown(Marks, Text0, Outcome, Shown0),
    arena_loop_words:again_cut(Shown0, Shown1),
    arena_loop_watch:won_shown(M, Ds, Outcome, Shown1, Shown),
    (   Shown == Shown1
    ->  Text = Text0
    ;   string_length(Text0, L), string_length(Shown0, L0),
        Start is L - L0,
        sub_string(Text0, 0, Start, _, Played),
        string_concat(Played, Shown, Text)
    ).

%!  banner_words(+Words, +Before, +After, +Names, -All) is det.
%
%   Words are those of a line that says a win alone ("\\\ Winner ///",
%   "WINNER:"); All are those words and the words of the nearest line
%   that is not blank, before it or after it, where that line is a
%   player's name alone ("Player2", "computer 1"). Before and After are
%   the other lines, the nearest first and last; Names the words of the
%   players' names, W1-W2.

banner_words(Words, Before, After, W1-W2, All) :-
    include(has_alnum, Words, Ws),
    forall(member(W, Ws), banner_word(W)),
    reverse(After, Next),
    append(W1, W2, Own),
    findall(N, ( member(Side, [Before, Next]),
                 first_filled(Side, Line),
                 name_alone(Line, Own, N) ), Found),
    sort(Found, [Name]),
    !,
    append(Words, Name, All).
banner_words(Words, _, _, _, Words).

banner_word(W) :-
    (   arena_loop_game:win_word(W)
    ->  true
    ;   memberchk(W, ["the", "is", "and", "a", "we", "have", "our", "game", "over", "o"])
    ).

has_alnum(W) :-
    sub_atom(W, _, 1, _, C),
    char_type(C, alnum),
    !.

first_filled(Lines, Line) :-
    member(Line, Lines),
    has_alnum(Line),
    !.

%   name_alone(+Line, +Own, -Words): Line's words ("player2" as "player",
%   "2") are a name: at most three, one of them no number, at most one
%   a number, each of the players' names (Own) or "player".
name_alone(Line, Own, Words) :-
    arena_loop_game:words(Line, Ws0),
    digits_apart(Ws0, Words),
    length(Words, L), L =< 3,
    partition(arena_loop_game:number_word, Words, Numbers, Others),
    Others \== [],
    length(Numbers, K), K =< 1,
    forall(member(W, Others),
           ( memberchk(W, Own) ; memberchk(W, ["player", "jogador"]) )).

%!  digits_apart(+Words0, -Words) is det.
%
%   Words0 with a word of letters then digits as two ("p2" as "p", "2").

digits_apart(Words0, Words) :-
    foldl(digits_apart, Words0, Words, []).

digits_apart(W, [A, D|Rest], Rest) :-
    string_codes(W, Cs),
    append(As, Ds, Cs), As \== [], Ds \== [],
    forall(member(C, As), code_type(C, alpha)),
    forall(member(C, Ds), code_type(C, digit)),
    !,
    string_codes(A, As),
    string_codes(D, Ds).
digits_apart(W, [W|Rest], Rest).

%   no_one_won_said(+Lower, +Why): the last line of Lower that says a
%   win says no one won, and another line says the game ended ("Winner =
%   none" is written after every move of some games, "Game over" at the
%   end); where none does, the loop (that ended so: Why) ended no game.
no_one_won_said(Lower, Why) :-
    arena_loop_game:last_end_line(Lower, Words),
    no_one_won(Words),
    (   an_end_said(Lower)
    ->  true
    ;   arena_loop_game:no_end(Why, Msg),
        throw(error(game_rule_loop(Msg), _))
    ).

%!  an_end_said(+Text) is semidet.
%
%   A line of Text says the game ended, not that no one has won yet
%   ("Winner = none", written after every move of some games).

an_end_said(Text) :-
    string_lower(Text, Lower),
    split_string(Lower, "\n", "", Lines),
    member(Line, Lines),
    arena_loop_game:end_line(Line),
    arena_loop_game:words(Line, Ws),
    \+ ( append(_, [A, B|_], Ws), arena_loop_game:win_word(A), none_word(B) ),
    !.

%   no_one_won(+Words): a line that says a win says no one won ("Winner
%   = none", "nobody wins", "no winner", "winner: draw").
no_one_won(Words) :-
    append(_, [A, B|_], Words),
    (   arena_loop_game:win_word(A),
        ( none_word(B) ; memberchk(B, ["draw", "tie"]) )
    ;   ( none_word(A) ; memberchk(A, ["no", "sem"]) ),
        arena_loop_game:win_word(B)
    ),
    !.

none_word(W) :-
    memberchk(W, ["none", "nobody", "noone", "ninguem", "nenhum"]).

%   unmapped_winner(+Words, -X): a line says who won by a word X ("the
%   winner is blue", "congratulations pink", a colour or x before "wins")
%   that names no one in particular otherwise (not "you", "computer"), or
%   by a player's number or place the players' names do not tell.
unmapped_winner(Words, X) :-
    (   append(_, [P, N|Rest], Words),  % "player 2 won!", where the players'
        memberchk(P, ["player", "jogador"]),    % names hold no such number
        arena_loop_game:number_word(N),
        Said = [P, N]
    ;   append(_, [N, P|Rest], Words),  % "Second Player Won!"
        memberchk(N, ["first", "second", "primeiro", "segundo"]),
        memberchk(P, ["player", "jogador"]),
        Said = [N, P]
    ),
    member(Win, Rest), arena_loop_game:win_word(Win),
    !,
    atomic_list_concat(Said, ' ', A),
    atom_string(A, X).
unmapped_winner(Words, X) :-
    (   append(_, ["winner", "is", X|_], Words)
    ;   append(_, ["winner", X|_], Words)
    ;   append(_, ["congratulations", X|_], Words)
    ;   append(_, [X, Win|_], Words),   % not "the last claim wins"
        arena_loop_game:win_word(Win),
        arena_loop_game:side_word(X), X \== "o"
    ),
    string_codes(X, Cs),
    forall(member(C, Cs), code_type(C, alpha)),
    \+ ( member(C, Cs), code_type(C, digit) ),
    \+ memberchk(X, ["the", "a", "player", "game", "is", "you", "has", "have", "i",
                     "we", "who", "nobody", "no", "one", "it", "he", "she", "they",
                     "computer", "bot", "ai", "pc", "and", "again", "was", "will",
                     "to", "of", "has", "o", "jogador", "vencedor", "e", "de"]),
    !.

%!  side_winner(+M, +Side, -Winner) is det.
%
%   The end of a game played through its own loop names its winner by
%   Side ("X Wins the Game!"), a word written before no pick. Winner is
%   the player whose one-word name the game's code ties to Side alone,
%   where it ties each name to one side (`symbol('Black', S) :- S = 'X'.`,
%   `piece(red, o).`); else the game cannot be told apart, which throws.

side_winner(M, Side, Winner) :-
    catch(M:arena_loop_names(N1, N2), _, fail),
    maplist(arena_loop_game:name_word, [N1, N2], [[W1], [W2]]),
    findall(N-S, tie(M, [W1, W2], N, S), Ties0),
    sort(Ties0, Ties),
    findall(S, member(W1-S, Ties), [S1]),
    findall(S, member(W2-S, Ties), [S2]),
    S1 \== S2,
    (   S1 == Side -> Winner = player1
    ;   S2 == Side -> Winner = player2
    ),
    !.
side_winner(_, Side, _) :-
    format(atom(Msg), "the game's loop names its winner as ~w, which no words it \c
                       writes before its picks tie to either player", [Side]),
    throw(error(game_rule_loop(Msg), _)).

%   tie(+M, +Names, -Name, -Side): a clause of M's own, of two arguments
%   and few clauses, ties Name (of Names) to Side, a side's word:
%   `f(Name, Side).`, `f(Side, Name).` or `f(Name, S) :- S = Side.`
tie(M, Names, Name, Side) :-
    arena_loop_watch:own(M, F/2, H),
    \+ arena_loop_watch:watched_head(M, F/2),
    predicate_property(M:H, number_of_clauses(C)),
    C =< 64,
    catch(clause(M:H, B0), _, fail),
    strip_module(B0, _, B),
    pair(H, B, A0, S0),
    maplist(arena_loop_game:name_word, [A0, S0], [[A], [S]]),
    (   memberchk(A, Names), arena_loop_game:side_word(S), Name = A, Side = S
    ;   memberchk(S, Names), arena_loop_game:side_word(A), Name = S, Side = A
    ),
    Name \== Side.

pair(H, true, A, S) :-
    arg(1, H, A), arg(2, H, S),
    atomic(A), atomic(S).
pair(H, (V = C), A, C) :-
    arg(1, H, A), arg(2, H, V),
    var(V), atomic(A), atomic(C).

%   one_side_picks(+Marks, +Text, ?Side): the last side named before each
%   pick (since the pick before it) is Side, the same for every pick.
one_side_picks(Marks, Text, Side) :-
    reverse(Marks, Forward),
    foldl(pick_side(Text, Side), Forward, 0, _).

pick_side(Text, Side, at(End, _), Start, End) :-
    Len is max(0, End - Start),
    sub_string(Text, Start, Len, _, Seg0),
    string_lower(Seg0, Seg),
    split_string(Seg, " \t\n\r.,;:!?()[]'`\"-=|*#", " \t\n\r.,;:!?()[]'`\"-=|*#", Ws),
    reverse(Ws, Back),
    member(W, Back),
    arena_loop_game:side_word(W),
    !,
    Side = W.

%   side_ended(+Marks, +Text, -Side): the last line after the last pick
%   that says a win names Side (a colour, x or o).
side_ended(Marks, Text, Side) :-
    end_words(Marks, Text, Words),
    arena_loop_game:side_word(Side),
    memberchk(Side, Words),
    !.

%   side_won(+Marks, +Text, -Side): as side_ended/3, Side a word written
%   before that pick too.
side_won(Marks, Text, Side) :-
    end_words(Marks, Text, Words),
    Marks = [at(End, _)|_],
    sub_string(Text, 0, End, _, Before0),
    string_lower(Before0, Before),
    arena_loop_game:side_word(Side),
    memberchk(Side, Words),
    split_string(Before, " \t\n\r.,;:!?()[]'`\"-=|*#", " \t\n\r.,;:!?()[]'`\"-=|*#", Ws),
    memberchk(Side, Ws),
    !.

%   end_words(+Marks, +Text, -Words): the words of the last line after
%   the last pick that says a win or a draw.
end_words([at(End, _)|_], Text, Words) :-
    sub_string(Text, End, _, 0, After1),
    arena_loop_words:again_cut(After1, After0),
    string_lower(After0, After),
    arena_loop_game:last_end_line(After, Words).


%!  since_win_line(+Lines, -Backwards) is det.
%
%   Of a loop's last Lines, the latest first, those up to its last line
%   that says a win, that one in: a name written before a win that names
%   no one ("Random Col: 2", then "Second Player Won!") is no winner.

since_win_line(Lines, Backwards) :-
    reverse(Lines, Backwards0),
    (   append(Since, [Line|_], Backwards0),
        arena_loop_game:words(Line, Words),
        arena_loop_game:win_word(Win),
        memberchk(Win, Words)
    ->  append(Since, [Line], Backwards)
    ;   Backwards = Backwards0
    ).
