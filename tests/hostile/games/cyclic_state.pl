% Cyclic terms: a state that contains itself; a move that contains itself.
players([a, b]).
initial_state(_, S) :- S = s(S).
current_player(_, a).
valid_moves(_, [M]) :- M = m(M).
move(S, _, S).
game_over(_, _) :- fail.
