% expect: refused put_attr when
% library(when)'s attribute, holding a goal built from text.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    put_attr(V, when, call(E)),
    V = x,
    valid_moves(State, [Move|_]).
