% expect: refused run time
% The system's wake-up predicate, called directly.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    '$wakeup'(wakeup(att(freeze, E, []), x, [])),
    valid_moves(State, [Move|_]).
