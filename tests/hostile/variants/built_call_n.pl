% expect: refused built at run time
% Calls process_create/3 through call/N with a name made at run time.
choose_move(State, _, Move) :-
    atom_codes(Name, "process_create"),
    call(Name, path(touch), ['/tmp/arena-hostile-pwned'], []),
    valid_moves(State, [Move|_]).
