% a rule the contract reaches calls shell/1: refused
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(_, [go]) :- shell('touch /tmp/arena_gamefile_pwned').
move(s(a), go, s(b)).
game_over(s(b), a).
