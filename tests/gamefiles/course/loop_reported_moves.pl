% A course-style game of our own that only its loop knows: its computers
% take 1 to 3 of 9 sticks in turn and whoever takes the last one wins.
% The loop never says whose turn it is: it reports each move once made
% ("| Computer 1 took 2!"), so the name written before a pick is the
% other player's; at the end the loser is named before the winner.
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('Option: '),
    read(_),
    turn(9, 1).

turn(0, P) :-
    !,
    Q is 3 - P,
    format("| Computer ~w lost!~n| Computer ~w won!~n", [P, Q]).
turn(N, P) :-
    format("~w sticks on the table~n", [N]),
    Top is min(3, N),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    format("| Computer ~w took ~w!~n", [P, T]),
    N1 is N - T,
    Q is 3 - P,
    turn(N1, Q).
