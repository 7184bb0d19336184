% expect: refused read/1
% Reads the protocol's input.
choose_move(_, _, Move) :-
    read(Move).
