% A course-style game of our own that only its loop knows, started as
% `sticks(Winner)`: no entry of arity 0, its one argument the winner it
% gives back. Its computers take 1 to 3 of 11 sticks in turn; whoever
% takes the last one wins.
:- use_module(library(random)).

sticks(Winner) :-
    write('1. Computer vs Computer'), nl,
    write('Option: '),
    read(_),
    turn(11, 1, Winner).

turn(0, P, W) :-
    !,
    W is 3 - P,
    format("Computer ~w wins!~n", [W]).
turn(N, P, W) :-
    format("~w sticks left. Computer ~w to take.~n", [N, P]),
    Top is min(3, N),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    N1 is N - T,
    Q is 3 - P,
    turn(N1, Q, W).
