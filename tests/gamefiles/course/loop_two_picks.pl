% A course-style game of our own that only its loop knows, whose turn
% has one or two random picks: a pile, then how many to take from it
% (no pick where one stick is left). Its loop names the player at the
% start of each turn. Who takes the last stick wins.
:- use_module(library(lists)).
:- use_module(library(random)).

play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    Mode =:= 2,
    turn([3, 4, 2], red).

turn(Piles, Who) :-
    sum_list(Piles, 0),
    !,
    other(Who, Winner),
    format("The ~w player wins.~n", [Winner]).
turn(Piles, Who) :-
    format("Turn of ~w: piles ~w~n", [Who, Piles]),
    findall(I, ( nth1(I, Piles, N), N > 0 ), Choices),
    random_member(Pile, Choices),
    nth1(Pile, Piles, N),
    Top is min(3, N),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    Left is N - Take,
    nth1(Pile, Piles, _, Rest),
    nth1(Pile, Piles1, Left, Rest),
    other(Who, Next),
    turn(Piles1, Next).

other(red, blue).
other(blue, red).
