% A course-style game of our own that only its loop knows: no contract
% predicate at all, a menu read with read/1, computer players that pick
% with random_member/2 and pause with sleep/1. Sticks: take 1 to 3, who
% takes the last one wins.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Player vs Computer'), nl,
    write('3. Computer vs Computer'), nl,
    read(Option),
    start(Option).

start(3) :-
    heap(Sticks),
    turn(Sticks, 1).

heap(30).

turn(0, P) :-
    !,
    other(P, Winner),
    format("Player ~w wins!~n", [Winner]).
turn(Sticks, P) :-
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    sleep(0.2),
    Left is Sticks - Take,
    other(P, Q),
    turn(Left, Q).

other(1, 2).
other(2, 1).
