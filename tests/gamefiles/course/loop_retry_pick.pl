% A course-style game of our own that only its loop knows, whose
% computer players draw a row and a column until the cell is free
% (`repeat, random, random, test, !`). Its loop names the player at the
% start of each turn; three cells of one row win.
:- use_module(library(lists)).
:- use_module(library(random)).
:- dynamic cell/3.

play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    Mode =:= 2,
    retractall(cell(_, _, _)),
    turn(red).

turn(Who) :-
    format("Turn of ~w~n", [Who]),
    repeat,
    random(0, 6, Row),
    random(0, 6, Col),
    \+ cell(Row, Col, _),
    !,
    assertz(cell(Row, Col, Who)),
    format("~w claims ~w-~w~n", [Who, Row, Col]),
    (   aggregate_all(count, cell(Row, _, Who), 3)
    ->  format("The ~w player wins.~n", [Who])
    ;   other(Who, Next),
        turn(Next)
    ).

other(red, blue).
other(blue, red).
