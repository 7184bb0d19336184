% A course-style game of our own that only its loop knows: before each
% pick it writes both players' points (a legend that names both), after
% it the move just made ("white played 2"). Take 1 to 3 sticks of 21,
% who takes the last one wins.
:- use_module(library(random)).
:- use_module(library(lists)).

play :-
    write('1. Human vs Human'), nl,
    write('2. Computer vs Computer'), nl,
    read(2),
    turn(21, white, 0-0).

turn(0, P, _) :-
    !,
    other(P, W),
    format("GAME OVER!~nCongratulations ~w, you won~n", [W]).
turn(Sticks, P, WP-BP) :-
    format("~nwhite points = ~w~nblack points = ~w~n", [WP, BP]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    format("~w played ~w~n", [P, Take]),
    (   P == white -> WP1 is WP + Take, BP1 = BP ; WP1 = WP, BP1 is BP + Take ),
    Left is Sticks - Take,
    other(P, Q),
    turn(Left, Q, WP1-BP1).

other(white, black).
other(black, white).
