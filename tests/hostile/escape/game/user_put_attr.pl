% expect: refused not safe
% put_attr/3 named in module user.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    user:put_attr(V, freeze, E),
    V = x.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

