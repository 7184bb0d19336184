% A course-style game of our own that only its loop knows: its computers
% take 1 to 3 of 9 sticks in turn and whoever takes the last one wins;
% the loop tells the sides' colours but never whose turn it is, and at
% the end it names the winner by a colour.
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('Option: '),
    read(_),
    turn(9, 1).

turn(0, P) :-
    !,
    Q is 3 - P,
    colour(Q, C),
    format("Congratulations ~w, you won!~n", [C]).
turn(N, P) :-
    format("~w sticks on the table for White and Black~n", [N]),
    Top is min(3, N),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    N1 is N - T,
    Q is 3 - P,
    turn(N1, Q).

colour(1, 'White').
colour(2, 'Black').
