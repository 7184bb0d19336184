% expect: refused process_create/3
% Starts a program through autoloading.
choose_move(State, _, Move) :-
    process_create(path(touch), ['/tmp/arena-hostile-pwned'], []),
    valid_moves(State, [Move|_]).
