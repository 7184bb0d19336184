% expect: refused
% put_attr/3 through maplist/2.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    maplist(put_attr(V, freeze), [E]),
    V = x,
    valid_moves(State, [Move|_]).
