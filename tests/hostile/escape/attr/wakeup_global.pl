% expect: refused b_setval
% The global variable the system keeps pending wake-ups in.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    b_setval('$wakeup', wakeup(att(freeze, E, []), x, [])),
    valid_moves(State, [Move|_]).
