% expect: ok
% copy_term/3 gives copies of frozen goals: changing them runs nothing.
choose_move(State, _, Move) :-
    freeze(V, (true, true)),
    copy_term(V, _, Gs),
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    forall(( member(freeze(_, _:G), Gs), compound(G) ), setarg(1, G, E)),
    V = x,
    valid_moves(State, [Move|_]).
