% expect: refused not safe
% freeze/2 named in its own module, with a goal made from text.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    '$attvar':freeze(V, E),
    V = x.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

