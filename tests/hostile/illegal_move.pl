% expect: illegal
% Plays a cell that is not on the board... then an occupied one.
choose_move(state(Board, _), _, Move) :-
    (   memberchk(x, Board)
    ->  nth1(Move, Board, x)
    ;   Move = 10
    ).
