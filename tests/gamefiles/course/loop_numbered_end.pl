% A course-style game of our own that only its loop knows: its computers
% take 1 to 3 of 9 sticks in turn, the loop never names whose turn it
% is, and whoever takes the last stick loses: at the end it says "1 won!"
% or "2 won!", the player who did not move last.
:- use_module(library(random)).

play :-
    write('1 - computer against computer'), nl,
    write('Mode: '),
    read(_),
    turn(9, 1).

turn(0, P) :-
    !,
    format("~w won!~n", [P]).
turn(N, P) :-
    format("~w sticks left~n", [N]),
    Top is min(3, N),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    N1 is N - T,
    Q is 3 - P,
    turn(N1, Q).
