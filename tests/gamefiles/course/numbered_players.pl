% A course-style game of our own whose players/1 numbers its players
% ([1, 2]): the arena names them. Take 1 to 3 from a heap of 7; who takes
% the last one wins.
:- use_module(library(lists)).
players([1, 2]).
initial_state(_, [7, 1]).
valid_moves([Heap, _], Moves) :-
    Top is min(3, Heap),
    findall(T, between(1, Top, T), Moves).
move([Heap, P], T, [Left, Q]) :-
    Left is Heap - T, Left >= 0,
    other(P, Q).
other(1, 2).
other(2, 1).
game_over([0, P], W) :- other(P, W).
display_game([H, P]) :- format("~w left, player ~w~n", [H, P]).
