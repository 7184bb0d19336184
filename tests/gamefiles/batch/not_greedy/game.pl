% The take-away game with a level 2 that is not greedy on value/3: it
% takes the move of the lowest value.
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

game_over(pile(0, P), W) :-
    other(P, W).

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
    min_member(_-M, VKs).

play :-
    initial_state([], S),
    write(S), nl.
