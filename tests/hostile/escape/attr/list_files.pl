% expect: refused directory_files
% Lists a folder.
choose_move(State, _, Move) :-
    directory_files('/', _),
    valid_moves(State, [Move|_]).
