% expect: refused open/3
% Opens and writes a file.
choose_move(State, _, Move) :-
    open('/tmp/arena-hostile-pwned', write, Out),
    format(Out, "pwned~n", []),
    close(Out),
    valid_moves(State, [Move|_]).
