% A course-style game of our own that only its loop knows, whose
% computer player draws a row and a column and, where the cell is taken,
% calls itself again with the same arguments. A claim of the corner
% 0-0 next to a cell of one's own reaches a helper the file lacks (a
% half-finished rule). Three cells of one row of a 4x5 board win (so no row fills first).
:- use_module(library(lists)).
:- use_module(library(random)).

play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    Mode =:= 2,
    turn([], green).

turn(Cells, Who) :-
    format("Turn of ~w~n", [Who]),
    computer_pick(Cells, Row-Col),
    claim(Cells, Who, Row-Col, Cells1),
    format("~w claims ~w-~w~n", [Who, Row, Col]),
    (   aggregate_all(count, member(c(Row, _, Who), Cells1), 3)
    ->  format("The ~w player wins.~n", [Who])
    ;   length(Cells1, 20)
    ->  format("A draw.~n")
    ;   other(Who, Next),
        turn(Cells1, Next)
    ).

computer_pick(Cells, Pick) :-
    random(0, 4, Row),
    random(0, 5, Col),
    (   memberchk(c(Row, Col, _), Cells)
    ->  computer_pick(Cells, Pick)
    ;   Pick = Row-Col
    ).

claim(Cells, Who, 0-0, _) :-
    memberchk(c(0, 1, Who), Cells),
    !,
    corner_bonus(Cells, Who).
claim(Cells, Who, Row-Col, [c(Row, Col, Who)|Cells]).

other(green, gold).
other(gold, green).
