% A course-style game of our own that only its loop knows, whose menu
% reads its options from an option/3 table of its own (number, value,
% kind), one clause of it open (any number picks itself): not the
% arena's settings. Sticks: take 1 to 3, who takes the last one wins.
:- use_module(library(random)).

option(1, people, mode).
option(2, machines, mode).
option(N, N, sticks).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    write('Mode: '),
    read(K),
    option(K, Mode, mode),
    option(21, Sticks, sticks),
    Mode == machines,
    turn(Sticks, 1).

turn(0, P) :-
    !,
    other(P, W),
    format("Player ~w wins!~n", [W]).
turn(Sticks, P) :-
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    Left is Sticks - T,
    other(P, Q),
    turn(Left, Q).

other(1, 2).
other(2, 1).
