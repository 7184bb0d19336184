% expect: refused run time
% A tabled negation of a goal made from text.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    tnot(E),
    valid_moves(State, [Move|_]).
