players([a, b]).
current_player(h(_, P), P).
other(a, b).
other(b, a).
