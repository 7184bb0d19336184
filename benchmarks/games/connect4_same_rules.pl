:- module(connect4_same_rules,
          [ players/1, initial_state/2, current_player/2, valid_moves/2,
            move/3, game_over/2, display_game/1 ]).

/** <module> Connect Four as a game file, by the built-in game's rules

The board, the moves and the test for a line are those of the built-in
connect4 (prolog/games/connect4.pl), 7 x 6: the bench compares the same
rules in-process and in a game host.
*/

players([x, o]).

initial_state(_, state(Board, x, none)) :-
    length(Cells, 42),
    maplist(=(e), Cells),
    Board =.. [b|Cells].

current_player(state(_, P, _), P).

valid_moves(state(Board, _, Result), Moves) :-
    (   Result == none
    ->  open_columns(1, Board, Moves)
    ;   Moves = []
    ).

open_columns(C, Board, Columns) :-
    (   C > 7
    ->  Columns = []
    ;   C1 is C + 1,
        (   arg(C, Board, e)
        ->  Columns = [C|Columns1]
        ;   Columns = Columns1
        ),
        open_columns(C1, Board, Columns1)
    ).

move(state(Board0, P, none), Col, state(Board, Q, Result)) :-
    integer(Col),
    between(1, 7, Col),
    arg(Col, Board0, e),
    landing_row(6, Col, Board0, Row),
    I is (Row - 1) * 7 + Col,
    Board0 =.. [b|Cells0],
    nth1(I, Cells0, _, Rest),
    nth1(I, Cells, P, Rest),
    Board =.. [b|Cells],
    other(P, Q),
    (   line_through(Board, Row, Col, P)
    ->  Result = P
    ;   \+ open_columns(1, Board, [])
    ->  Result = none
    ;   Result = draw
    ).

landing_row(Row0, Col, Board, Row) :-
    I is (Row0 - 1) * 7 + Col,
    (   arg(I, Board, e)
    ->  Row = Row0
    ;   Row1 is Row0 - 1,
        landing_row(Row1, Col, Board, Row)
    ).

line_through(Board, Row, Col, P) :-
    member(DR-DC, [0-1, 1-0, 1-1, 1-(-1)]),
    run(Board, P, Row, Col, DR, DC, 3, N1),
    NDR is -DR, NDC is -DC,
    K2 is 3 - N1,
    run(Board, P, Row, Col, NDR, NDC, K2, N2),
    N1 + N2 >= 3,
    !.

run(Board, P, Row, Col, DR, DC, Max, N) :-
    (   Max > 0,
        R is Row + DR, C is Col + DC,
        R >= 1, R =< 6, C >= 1, C =< 7,
        I is (R - 1) * 7 + C,
        arg(I, Board, P)
    ->  Max1 is Max - 1,
        run(Board, P, R, C, DR, DC, Max1, N1),
        N is N1 + 1
    ;   N = 0
    ).

game_over(state(_, _, Result), Winner) :-
    Result \== none,
    Winner = Result.

display_game(state(Board, P, _)) :-
    forall(between(1, 6, R),
           ( forall(between(1, 7, C), ( I is (R - 1) * 7 + C, arg(I, Board, D), format(" ~w", [D]) )),
             nl )),
    format(" 1 2 3 4 5 6 7~n~w to move~n", [P]).

other(x, o).
other(o, x).
