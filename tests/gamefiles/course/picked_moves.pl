% A course-style game of our own with no valid_moves/2: its computer
% player draws a row and a column with random/3, checks the cell and
% calls itself again when it is taken, as several submissions do.
% move/4 does arithmetic on the move, so it cannot list moves itself.
% Three in a row, a column or a diagonal of a 3x3 board win.
:- use_module(library(random)).
:- use_module(library(lists)).

initial_state([e, e, e, e, e, e, e, e, e]).

other(x, o).
other(o, x).

cell_index(Row-Col, I) :-
    Row >= 1, Row =< 3, Col >= 1, Col =< 3,
    I is (Row - 1) * 3 + Col.

move(Board, Player, Move, NewBoard) :-
    cell_index(Move, I),
    nth1(I, Board, e),
    set_cell(Board, 1, I, Player, NewBoard).

set_cell([], _, _, _, []).
set_cell([X|Xs], J, I, P, [Y|Ys]) :-
    (   J =:= I -> Y = P ; Y = X ),
    J1 is J + 1,
    set_cell(Xs, J1, I, P, Ys).

line(1, 2, 3). line(4, 5, 6). line(7, 8, 9).
line(1, 4, 7). line(2, 5, 8). line(3, 6, 9).
line(1, 5, 9). line(3, 5, 7).

game_over(Board, Winner) :-
    line(A, B, C),
    nth1(A, Board, W), W \== e,
    nth1(B, Board, W), nth1(C, Board, W),
    !,
    Winner = W.
game_over(Board, draw) :-
    \+ memberchk(e, Board).

choose_move(Board, Player, 1, Move) :-
    random(1, 4, Row),
    random(1, 4, Col),
    (   move(Board, Player, Row-Col, _)
    ->  Move = Row-Col
    ;   choose_move(Board, Player, 1, Move)
    ).

display_game(Board) :-
    forall(( member(R, [0, 3, 6]) ),
           ( R1 is R + 1, R2 is R + 2, R3 is R + 3,
             nth1(R1, Board, A), nth1(R2, Board, B), nth1(R3, Board, C),
             format("~w ~w ~w~n", [A, B, C]) )).

play :-
    initial_state(Board),
    loop(Board, x).

loop(Board, _) :-
    game_over(Board, Winner),
    !,
    display_game(Board),
    format("Game over: ~w~n", [Winner]).
loop(Board, Player) :-
    display_game(Board),
    choose_move(Board, Player, 1, Move),
    move(Board, Player, Move, Board1),
    other(Player, Next),
    loop(Board1, Next).
