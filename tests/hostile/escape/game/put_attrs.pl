% expect: refused put_attrs
% Every attribute at once, one of them freeze's.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    put_attrs(V, att(freeze, E, [])),
    V = x.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

