% expect: refused not safe
% A frozen goal found through copy_term/3 and frozen/2, changed in place.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    freeze(V, (true, true)),
    frozen(V, F),
    sub_term(C, F), compound(C), C = (_, _),
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    setarg(1, C, E),
    V = x.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

