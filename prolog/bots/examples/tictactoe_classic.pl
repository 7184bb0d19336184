/** <module> Tic-tac-toe bot in the classic protocol (1999 championship)

The referee tells the bot only its opponent's last move; the bot keeps
the board itself in its own dynamic predicate cell/2, with
assert/retract:

    x_inicia(-Move)                     x's first move
    x_responde(+OpponentMove, -Move)    x's later moves
    o_inicia(+OpponentMove, -Move)      o's first move
    o_responde(+OpponentMove, -Move)    o's later moves

Moves are cells 1..9, row by row from the top left. It wins if it can,
else blocks, else takes the centre, a corner, a side.
*/
:- use_module(library(lists)).
:- dynamic cell/2.                      % Cell, Mark

x_inicia(Move) :-
    new_board,
    play(x, Move).

x_responde(Opponent, Move) :-
    mark(Opponent, o),
    play(x, Move).

o_inicia(Opponent, Move) :-
    new_board,
    mark(Opponent, x),
    play(o, Move).

o_responde(Opponent, Move) :-
    mark(Opponent, x),
    play(o, Move).

new_board :-
    retractall(cell(_, _)).

mark(Cell, Mark) :-
    assertz(cell(Cell, Mark)).

free(Cell) :-
    between(1, 9, Cell),
    \+ cell(Cell, _).

play(Me, Move) :-
    other(Me, You),
    (   free(Move), completes(Move, Me)
    ->  true
    ;   free(Move), completes(Move, You)
    ->  true
    ;   member(Move, [5, 1, 3, 7, 9, 2, 4, 6, 8]),
        free(Move)
    ->  true
    ),
    mark(Move, Me).

other(x, o).
other(o, x).

completes(Cell, Mark) :-
    line(Line),
    select(Cell, Line, [A, B]),
    cell(A, Mark),
    cell(B, Mark).

line([1,2,3]).
line([4,5,6]).
line([7,8,9]).
line([1,4,7]).
line([2,5,8]).
line([3,6,9]).
line([1,5,9]).
line([3,5,7]).
