% A course-style game of our own whose loop starts at play_game/0 (there
% is no play/0) and that has no game_over/2: its loop tests the heap
% itself. Sticks: take 1 to 3 from a heap of 21; who takes the last wins.
:- use_module(library(random)).
:- use_module(library(lists)).

play_game :-
    write(' 1. Play against a friend'), nl,
    write(' 2. Play against the computer'), nl,
    write(' 3. Watch the computers play'), nl,
    repeat,
    write('Option: '),
    read(Option),
    option(Option), !.

option(1) :- cycle(21/red/human/human).
option(2) :- cycle(21/red/human/computer).
option(3) :-
    initial_state(21, red, State),
    cycle(State/computer/computer).

initial_state(Heap, First, Heap/First).

valid_moves(Heap/_, Moves) :-
    Top is min(3, Heap),
    findall(N, between(1, Top, N), Moves).

move(Heap/Player, Take, Left/Next) :-
    Left is Heap - Take,
    Left >= 0,
    opposite(Player, Next).

cycle(Heap/Player/_/_) :-
    Heap =:= 0, !,
    opposite(Player, Winner),
    format("Winner is ~w!~n", [Winner]).
cycle(Heap/Player/Type/Other) :-
    format("~w sticks left; ~w (~w) takes~n", [Heap, Player, Type]),
    choose_move(Heap/Player, Type, Take),
    move(Heap/Player, Take, State),
    cycle(State/Other/Type).

choose_move(State, computer, Take) :-
    valid_moves(State, Moves),
    random_member(Take, Moves).
choose_move(_, human, Take) :-
    write('Take: '),
    read(Take).

opposite(red, blue).
opposite(blue, red).
