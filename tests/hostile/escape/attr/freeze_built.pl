% expect: refused run time
% freeze/2 of a goal built from text: its goal is checked like call/1's.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    freeze(V, E),
    V = x,
    valid_moves(State, [Move|_]).
