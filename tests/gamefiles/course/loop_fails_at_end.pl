% A course-style game of our own that only its loop knows, whose loop
% fails where the game should end: the last stick taken, its turn
% predicate has no clause for an empty heap, and nothing names a winner.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    read(Option),
    Option =:= 2,
    turn(40, 1).

turn(Sticks, P) :-
    Sticks > 0,
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    Left is Sticks - Take,
    other(P, Q),
    turn(Left, Q).

other(1, 2).
other(2, 1).
