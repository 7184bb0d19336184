% expect: refused attvar
% freeze/2 named in its own module, with a goal built from text.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    '$attvar':freeze(V, E),
    V = x,
    valid_moves(State, [Move|_]).
