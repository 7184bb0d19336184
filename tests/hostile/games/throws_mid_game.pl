% move/3 throws from the third ply on: the game stops, the others go on.
players([p, q]).
other(p, q).
other(q, p).
initial_state(_, s(0, p)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 4 -> Ms = [] ; Ms = [1, 2] ).
move(s(N, _), _, _) :- N >= 2, !, throw(oops).
move(s(N, P), M, s(N1, Q)) :- N < 4, memberchk(M, [1, 2]), N1 is N + M, other(P, Q).
game_over(s(N, P), W) :- N >= 4, other(P, W).
