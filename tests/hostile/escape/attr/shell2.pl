% expect: refused shell/2
% shell/2, with its status.
choose_move(State, _, Move) :-
    shell('touch /tmp/arena-escape-pwned', _),
    valid_moves(State, [Move|_]).
