% A course-style game of our own that only its loop knows, whose tie
% is said in letters drawn with | and _ by a predicate named for it:
% once the sticks run out, neither player wins.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    read(Option),
    Option =:= 2,
    turn(9, 1).

turn(0, _) :-
    !,
    display_tie([0]).
turn(Sticks, P) :-
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    Left is Sticks - Take,
    other(P, Q),
    turn(Left, Q).

display_tie(Heap) :-
    format("~w~n", [Heap]),
    write(' _____ _\n'),
    write('|_   _(_) ___\n'),
    write('  | | | |/ _ \\\n'),
    write('  |_| |_|\\___|\n'),
    write('\nNo more sticks to take.\n').

other(1, 2).
other(2, 1).
