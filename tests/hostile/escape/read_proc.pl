% expect: refused
% Reads the referee's environment through /proc.
choose_move(State, _, Move) :-
    read_file_to_string('/proc/1/environ', S, []),
    writeln(S),
    valid_moves(State, [Move|_]).
