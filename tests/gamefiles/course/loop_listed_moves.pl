% A course-style game of our own that only its loop knows, for two
% people only, whose question names no answers but lists the valid
% moves just above it, as terms read with read/1. A row of seven cells
% c1 to c7; in turn each player takes a free cell; three of one's own
% side by side win, a full row is a draw.
:- use_module(library(lists)).

play :-
    Cells = [c1, c2, c3, c4, c5, c6, c7],
    findall(C-free, member(C, Cells), Row),
    turn(Row, ann, bea).

turn(Row, P, Q) :-
    findall(C, member(C-free, Row), Free),
    format("~nTurn of ~w~nValid moves: ~w~n~nEnter your move: ", [P, Free]),
    read(M),
    (   memberchk(M, Free)
    ->  select(M-free, Row, M-P, Row1),
        (   three(Row1, P)
        ->  format("~w wins!~n", [P])
        ;   \+ memberchk(_-free, Row1)
        ->  write('Draw!'), nl
        ;   turn(Row1, Q, P)
        )
    ;   write('Not a valid move.'), nl,
        turn(Row, P, Q)
    ).

three(Row, P) :-
    append(_, [_-P, _-P, _-P|_], Row).
