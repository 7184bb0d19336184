% A course-style game of our own that only its loop knows, for two
% people only: its menu has no computer player at all. A heap of 13;
% each takes 1 to 3, or 1 to 4 when the heap is even; who takes the last
% loses. A wrong number is refused in words and asked again.
:- use_module(library(lists)).

play :-
    write('=== Heap ==='), nl,
    write('1. Start game'), nl,
    write('2. Quit'), nl,
    write('Choose: '),
    read(Choice),
    start(Choice).

start(1) :- turn(13, alice, bob).
start(2).

turn(Heap, Player, Other) :-
    format("Heap: ~w~nTurn of ~w~n", [Heap, Player]),
    ask(Heap, Take),
    Left is Heap - Take,
    (   Left =:= 0
    ->  format("~w took the last one: ~w wins!~n", [Player, Other])
    ;   turn(Left, Other, Player)
    ).

ask(Heap, Take) :-
    (   Heap mod 2 =:= 0 -> Most = 4 ; Most = 3 ),
    Top is min(Most, Heap),
    format("How many (1-~w)? ", [Top]),
    read(T),
    (   integer(T), T >= 1, T =< Top
    ->  Take = T
    ;   write('Invalid move, try again.'), nl,
        ask(Heap, Take)
    ).
