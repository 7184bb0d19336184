% A course-style game of our own that only its loop knows, computer
% against computer, that waits for a key after every move and lasts
% some 350 to 700 moves: more answers than a menu is ever given. Take 1
% or 2 from a heap of 700; who takes the last one wins.
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('Option: '),
    read(_),
    turn(700, 1).

turn(Heap, P) :-
    Top is min(2, Heap),
    findall(T, between(1, Top, T), Takes),
    random_member(T, Takes),
    Left is Heap - T,
    format("Player ~w took ~w, ~w left~n", [P, T, Left]),
    write('Press enter to continue...'), nl,
    get_char(_),
    (   Left =:= 0
    ->  format("Player ~w wins!~n", [P])
    ;   Q is 3 - P,
        turn(Left, Q)
    ).
