% A course-style game of our own that only its loop knows and that keeps
% its position in facts: the sticks left and whose turn it is are
% asserted and retracted as the computers take. Take 1 to 3, who takes
% the last one wins.
:- use_module(library(random)).
:- dynamic sticks/1, to_move/1.

play :-
    write('1. Human vs Human'), nl,
    write('2. Computer vs Computer'), nl,
    write('Mode: '),
    read(Mode),
    Mode == 2,
    retractall(sticks(_)),
    retractall(to_move(_)),
    assertz(sticks(40)),
    assertz(to_move(1)),
    loop.

loop :-
    sticks(0),
    !,
    to_move(P),
    other(P, Winner),
    format("Computer ~w wins!~n", [Winner]).
loop :-
    sticks(N),
    to_move(P),
    format("~w sticks left. Computer ~w to take.~n", [N, P]),
    Top is min(3, N),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    Left is N - Take,
    retract(sticks(N)),
    assertz(sticks(Left)),
    other(P, Q),
    retract(to_move(P)),
    assertz(to_move(Q)),
    loop.

other(1, 2).
other(2, 1).
