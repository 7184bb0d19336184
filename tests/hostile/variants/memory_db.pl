% expect: crashed
% Fills the clause database (outside the Prolog stacks) until the
% process's memory limit ends it.
choose_move(_, _, Move) :-
    numlist(1, 100000, Xs),
    (   between(1, inf, I),
        assertz(junk(I, Xs)),
        fail
    ;   Move = 1
    ).
