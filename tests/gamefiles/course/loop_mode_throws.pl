% A course-style game of our own that only its loop knows, whose
% computer-only mode calls a helper it never defines before the first
% pick: a person's mode reads the keyboard on and on, but the reason for
% no adapter names the error, not the answers that read the most.
:- use_module(library(random)).
:- use_module(library(lists)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    write('Option: '),
    read(Option),
    mode(Option).

mode(1) :- people(9).
mode(2) :- draw_heap(9), computers(9).

people(0) :- !.
people(Heap) :-
    write('Take: '),
    read(Take),
    (   integer(Take), Take >= 1, Take =< min(3, Heap)
    ->  Left is Heap - Take
    ;   Left = Heap
    ),
    people(Left).

computers(0) :- !.
computers(Heap) :-
    Top is min(3, Heap),
    findall(T, between(1, Top, T), Takes),
    random_member(Take, Takes),
    Left is Heap - Take,
    computers(Left).
