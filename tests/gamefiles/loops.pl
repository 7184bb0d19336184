% valid_moves/2 loops: every call is stopped, naming the predicate
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(S, M) :- valid_moves(S, M).
move(s(a), go, s(b)).
game_over(s(b), a).
