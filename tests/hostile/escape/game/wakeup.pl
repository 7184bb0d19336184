% expect: refused not safe
% The system's wake-up predicate, called directly.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    '$wakeup'(wakeup(att(freeze, E, []), x, [])).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

