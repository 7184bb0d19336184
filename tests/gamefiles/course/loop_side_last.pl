% A course-style game of our own that only its loop knows: a race to 15,
% each side adds one to three to a shared count, and the side that brings
% it to 15 or more wins. Nothing it writes before a pick says whose turn
% it is; its end names the winner by a side, Black or White, and Black
% adds first.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    read(Option),
    Option =:= 2,
    write('Black against White.'), nl,
    add(0, black).

add(Count, Side) :-
    format("The count is ~w.~n", [Count]),
    random_member(Step, [1, 2, 3]),
    Count1 is Count + Step,
    (   Count1 >= 15
    ->  side_name(Side, Name),
        format("~w wins!~n", [Name])
    ;   other(Side, Next),
        add(Count1, Next)
    ).

side_name(black, 'Black').
side_name(white, 'White').

other(black, white).
other(white, black).
