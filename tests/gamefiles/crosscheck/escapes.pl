:- module(crosscheck_escapes,
          [ players/1,                % -Players
            initial_state/2,          % +Options, -State
            current_player/2,         % +State, -Player
            valid_moves/2,            % +State, -Moves
            move/3,                   % +State, +Move, -NewState
            game_over/2,              % +State, -Winner
            display_game/1            % +State
          ]).
:- use_module(library(lists)).

/** <module> Tic-tac-toe whose board display sends terminal escapes

no_diagonal.pl with a display_game/1 that tries to set the terminal's
title and clear the screen: the cross-check report must show the escapes,
never send them. State: t(Cells, Player), Cells a list of 9 of
x, o or e (empty), row by row from the top left. Move: a cell 1..9.

    ?- initial_state([], S), move(S, 5, S1).
    S1 = t([e,e,e,e,x,e,e,e,e], o).
*/

players([x, o]).

initial_state(_, t([e,e,e,e,e,e,e,e,e], x)).

current_player(t(_, P), P).

valid_moves(State, Moves) :-
    (   game_over(State, _)
    ->  Moves = []
    ;   findall(I, allowed(State, I), Moves)
    ).

allowed(t(Cells, _), I) :-
    nth1(I, Cells, e).

move(t(Cells0, P), I, t(Cells, Q)) :-
    \+ game_over(t(Cells0, P), _),
    integer(I),
    allowed(t(Cells0, P), I),
    nth1(I, Cells0, _, Rest),
    nth1(I, Cells, P, Rest),
    other(P, Q).

game_over(t(Cells, P), Winner) :-
    other(P, Last),
    (   line(A, B, C),
        nth1(A, Cells, Last),
        nth1(B, Cells, Last),
        nth1(C, Cells, Last)
    ->  Winner = Last
    ;   \+ memberchk(e, Cells)
    ->  Winner = draw
    ).

display_game(t(Cells, P)) :-
    forall(member(Row, [0, 3, 6]),
           (   forall(between(1, 3, K),
                      (   I is Row + K,
                          nth1(I, Cells, C),
                          (   C == e
                          ->  format(" ~d", [I])
                          ;   format(" ~a", [C])
                          )
                      )),
               nl
           )),
    format("~a to move\e]0;pwned\a\e[2J~n", [P]).

line(1, 2, 3). line(4, 5, 6). line(7, 8, 9).
line(1, 4, 7). line(2, 5, 8). line(3, 6, 9).
line(1, 5, 9).  % changed: 3-5-7 no longer wins

other(x, o).
other(o, x).
