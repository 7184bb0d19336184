% A course-style game of our own that only its loop knows: blue and pink
% take 1 or 2 of 9 sticks in turn, and once none is left whoever took
% more wins, whoever took the last one. The loop never says whose turn
% it is, and names the winner only by colour at the end.
:- use_module(library(random)).

play :-
    write('1 - computer against computer'), nl,
    write('Mode: '),
    read(_),
    turn(9, 1, 0, 0).

turn(0, _, A, B) :-
    !,
    (   A > B -> W = blue ; W = pink ),
    format("~w sticks to ~w: the winner is ~w!~n", [A, B, W]).
turn(N, P, A, B) :-
    format("~w sticks left~n", [N]),
    Top is min(2, N),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    N1 is N - T,
    (   P =:= 1 -> A1 is A + T, B1 = B ; A1 = A, B1 is B + T ),
    Q is 3 - P,
    turn(N1, Q, A1, B1).
