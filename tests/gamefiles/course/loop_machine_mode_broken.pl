% A course-style game of our own that only its loop knows, whose mode of
% computers alone is broken (its turn counter is never set there, so it
% throws after the first picks) while two people play it well. Sticks:
% take 1 to 3, who takes the last one wins.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    write('Mode: '),
    read(Mode),
    start(Mode).

start(1) :- people(20, 1).
start(2) :- machines(20, 1, 0).

people(0, P) :-
    !,
    other(P, W),
    format("Player ~w wins!~n", [W]).
people(Sticks, P) :-
    format("~w sticks left.~nPlayer ~w, take 1 to 3: ", [Sticks, P]),
    read(T),
    (   integer(T), T >= 1, T =< 3, T =< Sticks
    ->  Left is Sticks - T,
        other(P, Q),
        people(Left, Q)
    ;   write('Invalid number.'), nl,
        people(Sticks, P)
    ).

machines(0, P, _) :-
    !,
    other(P, W),
    format("Player ~w wins!~n", [W]).
machines(Sticks, P, Turn) :-
    format("~w sticks left. Computer ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    Left is Sticks - T,
    other(P, Q),
    Next is Turn + 1,
    (   Next > 7 -> Round is Next + _Unset ; Round = Next ),
    machines(Left, Q, Round).

other(1, 2).
other(2, 1).
