% expect: refused put_attr freeze
% The attribute module passed in by the caller.
choose_move(State, _, Move) :-
    set(V, freeze),
    V = x,
    valid_moves(State, [Move|_]).
set(V, M) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    put_attr(V, M, E).
