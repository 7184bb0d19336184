% expect: refused open
% open/4 for appending.
choose_move(State, _, Move) :-
    open('/tmp/arena-escape-pwned', append, S, []),
    close(S),
    valid_moves(State, [Move|_]).
