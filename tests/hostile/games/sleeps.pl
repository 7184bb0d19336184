% Time: initial_state/2 sleeps, then loops in C (no inferences counted).
players([a, b]).
initial_state(_, s(0)) :- sleep(100).
current_player(s(_), a).
valid_moves(_, [1]).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
