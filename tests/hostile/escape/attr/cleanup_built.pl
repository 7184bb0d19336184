% expect: refused run time
% A cleanup goal made from text.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    setup_call_cleanup(true, true, E),
    valid_moves(State, [Move|_]).
