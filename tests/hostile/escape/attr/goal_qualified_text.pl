% expect: refused run time
% A module-qualified goal made from text.
choose_move(State, _, Move) :-
    term_string(G, "process:process_create(path(touch), ['/tmp/arena-escape-pwned'], [])"),
    call(G),
    valid_moves(State, [Move|_]).
