% expect: refused run time
% A goal kept in a dict, changed in place.
choose_move(State, _, Move) :-
    run(_{g:true}),
    valid_moves(State, [Move|_]).
run(D) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    b_set_dict(g, D, E),
    go(D).
go(_{g:G}) :- call(G).
