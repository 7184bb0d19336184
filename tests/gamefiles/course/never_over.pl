% A game of our own whose game_over/2 never holds: every random game
% reaches check-game's ply bound.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(_, [left, right]).
move(s(N, P), left, s(N1, Q)) :- N1 is N - 1, other(P, Q).
move(s(N, P), right, s(N1, Q)) :- N1 is N + 1, other(P, Q).
game_over(s(N, P), W) :- N > 1000000, other(P, W).
other(a, b).
other(b, a).
