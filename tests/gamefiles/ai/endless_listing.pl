% An attack on the search's memo of valid_moves/2: on backtracking the
% listing answers again without end (a repeat the student left in).
players([a, b]).
initial_state(_, s(a, 0)).
current_player(s(P, _), P).
valid_moves(s(_, N), [1, 2]) :- N < 3, repeat.
move(s(P, N), M, s(Q, N1)) :- memberchk(M, [1, 2]), N1 is N + M, other(P, Q).
game_over(s(P, N), W) :- N >= 3, other(P, W).
other(a, b).
other(b, a).
