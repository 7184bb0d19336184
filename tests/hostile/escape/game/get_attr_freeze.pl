% expect: refused get_attr freeze
% A frozen goal read out of its attribute, changed in place.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    freeze(V, (true, true)),
    get_attr(V, freeze, _:G),
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    setarg(1, G, E),
    V = x.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

