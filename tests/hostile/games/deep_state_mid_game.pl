% From the third ply the state nests 100,000 deep: the game host cannot
% write it (a resource error outside any rule), the game's fault all the same.
players([p, q]).
other(p, q).
other(q, p).
initial_state(_, s(0, p)).
current_player(s(_, P), P).
current_player(t(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 4 -> Ms = [] ; Ms = [1, 2] ).
valid_moves(t(_, _), [1]).
move(s(N, P), _, t(D, Q)) :- N >= 2, !, deep(100000, x, D), other(P, Q).
move(s(N, P), M, s(N1, Q)) :- memberchk(M, [1, 2]), N1 is N + M, other(P, Q).
move(t(D, P), _, t(D, Q)) :- other(P, Q).
game_over(s(N, P), W) :- N >= 4, other(P, W).
deep(0, X, X) :- !.
deep(N, X, [D]) :- N1 is N - 1, deep(N1, X, D).
