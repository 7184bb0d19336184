% A course-style game of our own that only its loop knows, its computer
% players picking as SICStus-era code often does: a random float of
% random/1, scaled and floored. Sticks: take 1 to 3, who takes the last
% one wins.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    read(Option),
    Option =:= 2,
    turn(21, 1).

turn(0, P) :-
    !,
    other(P, Winner),
    format("Player ~w wins!~n", [Winner]).
turn(Sticks, P) :-
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    random(R),
    Take is 1 + floor(R * Top),
    format("Player ~w takes ~w.~n", [P, Take]),
    Left is Sticks - Take,
    other(P, Q),
    turn(Left, Q).

other(1, 2).
other(2, 1).
