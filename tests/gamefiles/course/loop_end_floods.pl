% A course-style game of our own that only its loop knows, with a slip
% at its end: the announcement of blue's win always fails, so the loop
% backtracks into the unguarded helper that drew the closing rule, which
% then writes for ever. Take 1 to 3 from 15; who takes the last wins.
:- use_module(library(lists)).
:- use_module(library(random)).

play :-
    write('1. Watch the computers play'), nl,
    write('Option: '),
    read(_),
    cycle(15, red).

cycle(0, Player) :-
    !,
    other(Player, Winner),
    rule(6),
    announce(Winner).
cycle(Left, Player) :-
    format("~w left, ~w takes~n", [Left, Player]),
    findall(T, ( between(1, 3, T), T =< Left ), Takes),
    random_member(Take, Takes),
    Left1 is Left - Take,
    other(Player, Next),
    cycle(Left1, Next).

rule(0).
rule(N) :-
    write('--------------------------------------------------'),
    N1 is N - 1,
    rule(N1).

announce(red) :-
    nl, write('red wins'), nl.
announce(blue) :-
    score(blue, S),
    S > 100,
    nl, write('blue wins'), nl.

score(_, 0).

other(red, blue).
other(blue, red).
