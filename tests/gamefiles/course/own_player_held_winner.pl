% A 2024/25-style course game of our own: it has current_player/2 but no
% players/1, and game_over/2 names the winner inside a term that also
% says why (winner(Player, Reason)). Sticks: take 1 to 3 from a heap of
% 15; who takes the last one wins.
:- use_module(library(lists)).

initial_state(_Config, state(white, 15, config)).

current_player(state(Player, _, _), Player).

valid_moves(state(_, Heap, _), Moves) :-
    Top is min(3, Heap),
    findall(N, between(1, Top, N), Moves).

move(state(Player, Heap, Config), Take, state(Next, Left, Config)) :-
    integer(Take),
    between(1, 3, Take),
    Take =< Heap,
    Left is Heap - Take,
    other(Player, Next).

game_over(state(Player, 0, _), winner(Winner, Reason)) :-
    other(Player, Winner),
    Reason = last_stick.

value(state(_, Heap, _), _, Value) :-
    Value is -(Heap mod 4).

display_game(state(Player, Heap, _)) :-
    format("~w sticks left, ~w to take~n", [Heap, Player]).

other(white, black).
other(black, white).
