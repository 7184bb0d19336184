% expect: refused not safe
% The attribute module made from text.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    atom_string(M, "freeze"),
    put_attr(V, M, E),
    V = x.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

