/** <module> Sliding tic-tac-toe, classic protocol: places well, cannot slide

It wins at once when it can, else takes the centre or the first empty
cell; it never blocks, so a player that wins when it can beats it while
stones are still placed. It has no clause for a slide: once six stones are on the
board, every answer fails.
*/
:- dynamic stone/2.                     % Cell, Mark

x_inicia(Move) :- retractall(stone(_, _)), place(x, Move).
x_responde(Their, Move) :- note(Their, o), place(x, Move).
o_inicia(Their, Move) :- retractall(stone(_, _)), note(Their, x), place(o, Move).
o_responde(Their, Move) :- note(Their, x), place(o, Move).

note(Cell, Mark) :- integer(Cell), assertz(stone(Cell, Mark)).

line([1,2,3]). line([4,5,6]). line([7,8,9]).
line([1,4,7]). line([2,5,8]). line([3,6,9]).
line([1,5,9]). line([3,5,7]).

empty(C) :- between(1, 9, C), \+ stone(C, _).

completes(Mark, C) :-
    line(L), select(C, L, [A, B]), stone(A, Mark), stone(B, Mark), empty(C).

place(Me, Move) :-
    aggregate_all(count, stone(_, _), N),
    N < 6,
    (   completes(Me, Move) -> true
    ;   empty(5) -> Move = 5
    ;   empty(Move)
    ), !,
    assertz(stone(Move, Me)).
