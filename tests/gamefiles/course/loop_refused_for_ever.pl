% A course-style game of our own that only its loop knows, whose
% computer player can never finish it: it draws a cell from 1 to 3 of
% four (`random(1, 4, C)`), is told "INVALID MOVE" when the cell is
% taken, and draws again, so once cells 1 to 3 are full it is refused
% for ever. The board is full, and the game over, only with cell 4.
:- use_module(library(random)).
:- use_module(library(lists)).

play :-
    write('1 - computer against computer'), nl,
    write('Mode: '),
    read(_),
    turn([e, e, e, e], x).

turn(Board, _) :-
    \+ memberchk(e, Board),
    !,
    write('Board full: a draw.'), nl.
turn(Board, P) :-
    format("~w~nTurn of ~w~n", [Board, P]),
    choose(Board, C),
    nth1(C, Board, _, Rest),
    nth1(C, Board1, P, Rest),
    other(P, Q),
    turn(Board1, Q).

choose(Board, C) :-
    random(1, 4, C0),
    (   nth1(C0, Board, e)
    ->  C = C0
    ;   format("~w~nINVALID MOVE, try again~n", [Board]),
        choose(Board, C)
    ).

other(x, o).
other(o, x).
