% A course-style game of our own that only its loop knows, whose turns
% are announced by colour with the piece's letter after ("White Player
% turn. (O)") and whose winner is named by colour alone. Sticks: take 1
% to 3, who takes the last one wins.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    read(Mode),
    Mode =:= 2,
    turn(25, black).

turn(0, P) :-
    !,
    other(P, W),
    colour(W, C, _),
    format("The winner of the game is the ~w Player.~n", [C]).
turn(Sticks, P) :-
    colour(P, C, L),
    format("~w sticks left.~n~w Player turn. (~w)~n", [Sticks, C, L]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    Left is Sticks - T,
    other(P, Q),
    turn(Left, Q).

colour(black, 'Black', 'X').
colour(white, 'White', 'O').

other(black, white).
other(white, black).
