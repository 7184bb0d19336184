% A game of our own with a student's syntax error: a missing comma.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P) P).
