% The game ends its own process from a rule, and its host with abort/0.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(s(0), [1]) :- !.
valid_moves(s(1), _) :- halt(0).
valid_moves(_, _) :- abort.
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(9), a).
