% expect: refused
% Reads a file.
choose_move(State, _, Move) :-
    read_file_to_string('/etc/passwd', _, []),
    valid_moves(State, [Move|_]).
