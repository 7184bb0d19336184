% A take-away game of our own that keeps the arena's contract: a pile of
% stones, each player takes 1 to 3, whoever takes the last stone wins.
% Level 1 plays at random, level 2 takes the move of the highest value/3.
:- use_module(library(lists)).
:- use_module(library(random)).

players([left, right]).

initial_state(_, pile(9, left)).

current_player(pile(_, P), P).

valid_moves(pile(N, _), Moves) :-
    findall(K, ( member(K, [1, 2, 3]), K =< N ), Moves).

move(pile(N, P), K, pile(N1, Q)) :-
    integer(K),
    memberchk(K, [1, 2, 3]),
    K =< N,
    N1 is N - K,
    other(P, Q).

other(left, right).
other(right, left).

% the player who took the last stone (the one not to move) wins
game_over(pile(0, P), W) :-
    other(P, W).

% a pile that is a multiple of 4 for the player to move is lost for them
value(pile(N, ToMove), Who, V) :-
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
choose_move(S, 2, M) :-
    current_player(S, P),
    valid_moves(S, Ms),
    findall(V-K, ( member(K, Ms), move(S, K, S1), value(S1, P, V) ), VKs),
    max_member(_-M, VKs).

display_game(pile(N, P)) :-
    format("~d stones, ~w to move~n", [N, P]).

play :-
    initial_state([], S),
    display_game(S).
