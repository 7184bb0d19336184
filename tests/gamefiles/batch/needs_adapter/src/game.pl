% The same take-away game as the 2024/25 course asks for it: the player
% to move inside the state, no players/1 nor current_player/2 (the arena
% needs an adapter), initial_state/2 taking the game's config, levels
% in choose_move/3.
:- use_module(library(lists)).
:- use_module(library(random)).

initial_state(Size, game(Size, first)) :-
    integer(Size),
    Size > 0.

valid_moves(game(N, _), Moves) :-
    findall(K, ( member(K, [1, 2, 3]), K =< N ), Moves).

move(game(N, P), K, game(N1, Q)) :-
    integer(K),
    memberchk(K, [1, 2, 3]),
    K =< N,
    N1 is N - K,
    next_player(P, Q).

next_player(first, second).
next_player(second, first).

game_over(game(0, P), W) :-
    next_player(P, W).

value(game(N, ToMove), Who, V) :-
    (   N mod 4 =:= 0
    ->  V0 = 1
    ;   V0 = -1
    ),
    (   Who == ToMove
    ->  V is -V0
    ;   V = V0
    ).

choose_move(S, 1, M) :-
    valid_moves(S, Ms),
    random_member(M, Ms).
choose_move(game(N, P), 2, M) :-
    valid_moves(game(N, P), Ms),
    findall(V-K, ( member(K, Ms), move(game(N, P), K, S1), value(S1, P, V) ), VKs),
    max_member(_-M, VKs).

display_game(game(N, P)) :-
    format("~d stones, ~w to move~n", [N, P]).

play :-
    initial_state(9, S),
    display_game(S).
