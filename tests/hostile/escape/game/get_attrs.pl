% expect: refused get_attrs
% An attribute renamed to freeze's in place.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    freeze(V, true),
    get_attrs(V, A),
    setarg(2, A, E),
    V = x.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

