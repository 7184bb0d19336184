:- module(connect4_file,
          [ players/1,                % -Players
            initial_state/2,          % +Options, -State
            current_player/2,         % +State, -Player
            valid_moves/2,            % +State, -Moves
            move/3,                   % +State, +Move, -NewState
            game_over/2,              % +State, -Winner
            display_game/1            % +State
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

/** <module> Connect Four as a game file: the required contract only

No value/3 and no choose_move/3: the arena's generic AI plays it.
State: c4(Columns, Player), Columns a list of 7 lists of discs, bottom
first. Move: a column number 1..7.

    ?- initial_state([], S), move(S, 4, S1).
    S1 = c4([[],[],[],[x],[],[],[]], o).
*/

players([x, o]).

initial_state(_, c4([[],[],[],[],[],[],[]], x)).

current_player(c4(_, P), P).

valid_moves(State, Moves) :-
    (   game_over(State, _)
    ->  Moves = []
    ;   State = c4(Cols, _),
        findall(C, ( nth1(C, Cols, Col), length(Col, N), N < 6 ), Moves)
    ).

move(c4(Cols0, P), C, c4(Cols, Q)) :-
    \+ game_over(c4(Cols0, P), _),
    integer(C),
    nth1(C, Cols0, Col0),
    length(Col0, N),
    N < 6,
    append(Col0, [P], Col),
    nth1(C, Cols0, _, Rest),
    nth1(C, Cols, Col, Rest),
    other(P, Q).

game_over(c4(Cols, P), Winner) :-
    other(P, Last),
    (   four(Cols, Last)
    ->  Winner = Last
    ;   forall(member(Col, Cols), length(Col, 6))
    ->  Winner = draw
    ).

four(Cols, P) :-
    between(1, 7, C),
    between(1, 6, R),
    disc(Cols, C, R, P),
    member(DC-DR, [1-0, 0-1, 1-1, 1-(-1)]),
    forall(between(1, 3, K),
           ( C1 is C + K * DC, R1 is R + K * DR, disc(Cols, C1, R1, P) )),
    !.

disc(Cols, C, R, P) :-
    C >= 1, C =< 7, R >= 1,
    nth1(C, Cols, Col),
    nth1(R, Col, P).

display_game(c4(Cols, P)) :-
    forall(between(1, 6, I),
           ( R is 7 - I,
             forall(between(1, 7, C),
                    (   disc(Cols, C, R, D) -> format(" ~w", [D]) ; write(' .') )),
             nl )),
    write(' 1 2 3 4 5 6 7'), nl,
    format("~w to move~n", [P]).

other(x, o).
other(o, x).
