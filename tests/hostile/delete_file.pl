% expect: refused delete_file/1
% Deletes a file.
choose_move(State, _, Move) :-
    delete_file('/tmp/arena-hostile-sentinel'),
    valid_moves(State, [Move|_]).
