% A hostile game of our own whose move/3 keeps the player while its
% loop hands the turn over with swap/2, which changes a fact each call,
% and whose dynamic clause asserted at load holds 300,000 calls of
% move/3 and none of swap/2. The check must end in time with no
% traceback, and an adapter, where one is written, must end its games.
% (A rule that stops answering: stops_answering.pl.)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- dynamic swaps/1, many_moves/0.

swaps(0).

:- initialization(many_moves_clause).

many_moves_clause :-
    length(Calls, 300000),
    maplist(=(move(_, 1, _)), Calls),
    foldl(conj, Calls, true, Body),
    assertz((many_moves :- Body)).

conj(G, B0, (G, B0)).

initial_state([7, me]).

swap(me, you).
swap(you, me) :-
    retract(swaps(N)),
    N1 is N + 1,
    assertz(swaps(N1)).

valid_moves([N, _], Ms) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Ms).

move([N, P], T, [N1, P]) :-
    integer(T), T >= 1, T =< 2, T =< N,
    N1 is N - T.

game_over([0, P], Winner) :-
    swap(P, Winner).

display_game([N, P]) :-
    format("~w left, ~w to move~n", [N, P]).

play :-
    initial_state(S),
    turn(S).

turn(S) :-
    game_over(S, W),
    !,
    format("~w wins~n", [W]).
turn([N, P]) :-
    display_game([N, P]),
    valid_moves([N, P], Ms),
    random_member(T, Ms),
    move([N, P], T, [N1, P]),
    swap(P, Q),
    turn([N1, Q]).
