% A course-style game of our own that only its loop knows. Its computer
% player draws a cell and passes it to place/5, which, where the cell is
% taken, draws another through a helper and calls itself with it, as a
% submission does. Nothing is written between, so the loop's picks
% until a free cell are one turn's. Three in a row of a 4x5 board win
% (so no row fills before a win).
:- use_module(library(lists)).
:- use_module(library(random)).

play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    Mode =:= 2,
    turn([], red).

turn(Cells, Who) :-
    format("Turn of ~w~n", [Who]),
    draw(Row, Col),
    place(Who, Row, Col, Cells, Cells1),
    (   aggregate_all(count, member(c(Row, _, Who), Cells1), 3)
    ->  format("The ~w player wins.~n", [Who])
    ;   length(Cells1, 20)
    ->  format("A draw.~n")
    ;   other(Who, Next),
        turn(Cells1, Next)
    ).

draw(Row, Col) :-
    random(0, 4, Row),
    random(0, 5, Col).

place(Who, Row, Col, Cells, Cells1) :-
    (   memberchk(c(Row, Col, _), Cells)
    ->  draw_again(Who, Cells, Cells1)
    ;   format("~w takes ~w-~w~n", [Who, Row, Col]),
        Cells1 = [c(Row, Col, Who)|Cells]
    ).

draw_again(Who, Cells, Cells1) :-
    draw(Row, Col),
    place(Who, Row, Col, Cells, Cells1).

other(red, blue).
other(blue, red).
