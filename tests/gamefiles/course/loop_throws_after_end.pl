% A course-style game of our own that only its loop knows, whose loop
% names the winner and then throws: after the last stick is taken it
% says who won, then goes on to a screen it never defines.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    read(Option),
    Option =:= 2,
    turn(12, 1, Winner),
    after_game(Winner).

turn(0, P, Winner) :-
    !,
    other(P, Winner),
    format("Player ~w wins!~n", [Winner]).
turn(Sticks, P, Winner) :-
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    Left is Sticks - Take,
    other(P, Q),
    turn(Left, Q, Winner).

after_game(Winner) :-
    statistics_screen(Winner).

other(1, 2).
other(2, 1).
