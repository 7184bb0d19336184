% expect: refused shell
% freeze/2 of a goal known when loading: checked like call/1's.
choose_move(State, _, Move) :-
    freeze(V, shell('touch /tmp/arena-escape-pwned')),
    V = x,
    valid_moves(State, [Move|_]).
