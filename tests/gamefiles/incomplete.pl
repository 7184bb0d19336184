% lacks current_player/2 and game_over/2
players([a, b]).
initial_state(_, s(a)).
valid_moves(_, [go]).
move(s(a), go, s(b)).
