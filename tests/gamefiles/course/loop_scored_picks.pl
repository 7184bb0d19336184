% A finished game whose computer scores each move with a random number
% and plays the best: no pick among the moves the arena could make.
:- use_module(library(lists)).
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('Option: '),
    read(_),
    turn(9, 1).

turn(0, P) :- !, other(P, W), format("Player ~w wins!~n", [W]).
turn(N, P) :-
    findall(K, between(1, N, K), Takes0),
    include([K]>>(K =< 3), Takes0, Takes),
    best(Takes, none-(-1), Take),
    N1 is N - Take,
    format("Player ~w takes ~w, ~w left~n", [P, Take, N1]),
    other(P, Q),
    turn(N1, Q).

best([], Best-_, Best).
best([T|Ts], Best0-Score0, Best) :-
    random(0, 100, Score),
    (   Score > Score0 -> best(Ts, T-Score, Best) ; best(Ts, Best0-Score0, Best) ).

other(1, 2).
other(2, 1).
