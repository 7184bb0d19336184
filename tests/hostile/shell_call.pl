% expect: refused shell
% Runs a shell command.
choose_move(State, _, Move) :-
    shell('touch /tmp/arena-hostile-pwned'),
    valid_moves(State, [Move|_]).
