% A course-style game of our own that only its loop knows and whose menu
% has no mode with the computer on both sides: a person always plays.
% Take 1 to 3 from a heap of 11; who takes the last wins.
:- use_module(library(random)).
:- use_module(library(lists)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Player vs Computer'), nl,
    write('3. Exit'), nl,
    write('Option: '),
    read(Option),
    mode(Option).

mode(1) :- turn(11, human, human).
mode(2) :- turn(11, human, computer).
mode(3).

turn(0, _, _) :-
    !,
    write('Game over'), nl.
turn(Heap, Type, Other) :-
    format("~w left~n", [Heap]),
    take(Type, Heap, Take),
    Left is Heap - Take,
    turn(Left, Other, Type).

take(computer, Heap, Take) :-
    Top is min(3, Heap),
    findall(T, between(1, Top, T), Takes),
    random_member(Take, Takes).
take(human, Heap, Take) :-
    repeat,
    write('Take: '),
    read(Take),
    integer(Take), Take >= 1, Take =< min(3, Heap),
    !.
