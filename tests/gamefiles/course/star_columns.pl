% A course-style game of our own whose display_game/1 pads its rows with
% `~*c` columns whose counts are expressions (`Indent*2`), as SICStus
% evaluates them. Take 1 or 2 from a heap of 7; who takes the last wins.
:- use_module(library(lists)).

players([left, right]).

initial_state(_, heap(7, left)).

current_player(heap(_, P), P).

valid_moves(heap(N, _), Moves) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).

move(heap(N, P), T, heap(N1, Q)) :-
    memberchk(T, [1, 2]),
    T =< N,
    N1 is N - T,
    other(P, Q).

other(left, right).
other(right, left).

game_over(heap(0, P), W) :-
    other(P, W).

display_game(heap(N, P)) :-
    Indent is 7 - N,
    format("~*c~*c~n", [Indent*2, 0' , N + 0, 0'|]),
    format("~w to take~n", [P]).
