% players/1 gives a 100,000-deep list: the host's JSON reply nests as deep.
players([a, P]) :- deep(100000, b, P).
deep(0, X, X) :- !.
deep(N, X, [D]) :- N1 is N - 1, deep(N1, X, D).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, [1]).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
