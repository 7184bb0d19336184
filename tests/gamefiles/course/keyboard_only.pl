% A game of our own whose initial_state/2 reads the board size in a
% repeat loop and that has no play/0: at end of input the loop never
% ends; check-game names the rule within its time limit, and the
% proposal (without players/1) says why it proposes nothing.
initial_state(_, s(N, x)) :-
    repeat,
    read(N),
    integer(N),
    !.
valid_moves(s(N, _), Ms) :- ( N > 0 -> Ms = [1] ; Ms = [] ).
move(s(N, P), 1, s(N1, Q)) :- N > 0, N1 is N - 1, other(P, Q).
game_over(s(0, P), P).
other(x, o).
other(o, x).
