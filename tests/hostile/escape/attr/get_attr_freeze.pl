% expect: refused get_attr freeze
% Reads a frozen goal out of its attribute to change it in place.
choose_move(State, _, Move) :-
    freeze(V, (true, true)),
    get_attr(V, freeze, _:G),
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    setarg(1, G, E),
    V = x,
    valid_moves(State, [Move|_]).
