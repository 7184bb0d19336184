% A course-style game of our own that only its loop knows: a heap of 15,
% each takes 1 to 3, who takes the last wins; computer against computer.
% The computer draws from 1 to 5 and checks the draw; a refused one is
% cut away before it calls itself again with the same arguments
% (`( Ok -> ... ; !, again )`), so only a new draw can follow.
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('2. Quit'), nl,
    write('Option: '),
    read(Option),
    Option == 1,
    turn(15, red, blue).

turn(Heap, Player, Other) :-
    format("Heap: ~w. ~w to take.~n", [Heap, Player]),
    computer_take(Heap, Take),
    Left is Heap - Take,
    format("~w takes ~w.~n", [Player, Take]),
    (   Left =:= 0
    ->  format("~w wins!~n", [Player])
    ;   turn(Left, Other, Player)
    ).

computer_take(Heap, Take) :-
    random_member(T, [1, 2, 3, 4, 5]),
    check_take(Heap, T, Ok),
    (   Ok == yes
    ->  Take = T
    ;   !, computer_take(Heap, Take)
    ).

check_take(Heap, T, yes) :-
    T =< 3, T =< Heap, !.
check_take(_, _, no).
