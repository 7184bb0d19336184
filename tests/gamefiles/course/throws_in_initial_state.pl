% A course-style game of our own whose initial_state/2 calls a helper
% the file never defines (it defines even/1, not the halves/2 it calls):
% the reason for no adapter names initial_state/2 and what it threw.
initial_state(Size, game(Cells, red)) :-
    halves(Size, Half),
    length(Cells, Half),
    maplist(=(0), Cells).

even(N) :- 0 is N mod 2.

valid_moves(game(Cells, _), Moves) :-
    findall(I, nth1(I, Cells, 0), Moves).

move(game(Cells, P), I, game(Cells1, Q)) :-
    nth1(I, Cells, 0),
    nth1(I, Cells, _, Rest),
    nth1(I, Cells1, P, Rest),
    other(P, Q).

other(red, blue).
other(blue, red).

game_over(game(Cells, _), draw) :-
    \+ memberchk(0, Cells).
