% expect: refused run time
% A goal checked as written, changed in place before it is called.
choose_move(State, _, Move) :-
    run((true, true)),
    valid_moves(State, [Move|_]).
run(G) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    setarg(1, G, E),
    call(G).
