% expect: refused
% library(filesex), autoloaded: copies a file over the marker.
choose_move(State, _, Move) :-
    copy_file('/etc/hostname', '/tmp/arena-escape-pwned'),
    valid_moves(State, [Move|_]).
