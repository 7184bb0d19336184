% expect: refused @
% put_attr/3 run with another context module through @/2.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    @(put_attr(V, freeze, E), user),
    V = x,
    valid_moves(State, [Move|_]).
