% A course-style game of our own that only its loop knows, started by a
% predicate named as its file (heap_race/0 in heap_race.pl), no play/0.
% Take 1 to 3 from a heap of 9; who takes the last one wins.
:- use_module(library(random)).

heap_race :-
    write('1. Computer vs Computer'), nl,
    read(_),
    race(9, a).

race(Heap, P) :-
    findall(T, ( between(1, 3, T), T =< Heap ), Takes),
    random_member(T, Takes),
    Left is Heap - T,
    format("~w took ~w~n", [P, T]),
    (   Left =:= 0
    ->  format("~w wins~n", [P])
    ;   other(P, Q),
        race(Left, Q)
    ).

other(a, b).
other(b, a).
