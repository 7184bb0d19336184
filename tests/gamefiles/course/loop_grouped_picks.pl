% A course-style game of our own that only its loop knows and that names
% no player: each turn its computer draws a row and a column until the
% cell is free, then shows the grid. Who claims the last cell wins.
:- use_module(library(lists)).
:- use_module(library(random)).
:- dynamic claimed/2.

play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    Mode =:= 2,
    retractall(claimed(_, _)),
    turns(9).

turns(0) :-
    !,
    write('The last claim wins.'), nl.
turns(N) :-
    repeat,
    random(0, 3, Row),
    random(0, 3, Col),
    \+ claimed(Row, Col),
    !,
    assertz(claimed(Row, Col)),
    format("Claimed ~w-~w~n", [Row, Col]),
    N1 is N - 1,
    turns(N1).
