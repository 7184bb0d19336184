% A course-style game of our own that only its loop knows: a heap of 13,
% each takes 1 to 3, who takes the last wins; computer against computer.
% It says who won only in a banner drawn with # (no word in it), written
% by display_winner/1 given the winner's number.
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('Option: '),
    read(_),
    turn(13, 1).

turn(Heap, P) :-
    format("Player ~w, heap of ~w~n", [P, Heap]),
    findall(T, ( between(1, 3, T), T =< Heap ), Takes),
    random_member(Take, Takes),
    Left is Heap - Take,
    (   Left =:= 0
    ->  display_winner(P)
    ;   Q is 3 - P,
        turn(Left, Q)
    ).

display_winner(1) :-
    write('  #  '), nl,
    write(' ##  '), nl,
    write('  #  '), nl,
    write(' ### '), nl.
display_winner(2) :-
    write(' ### '), nl,
    write('   # '), nl,
    write('  #  '), nl,
    write(' ####'), nl.
