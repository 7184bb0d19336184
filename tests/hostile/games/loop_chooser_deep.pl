% A hostile game of our own, played only through its loop, whose
% choose_move/4 the arena reads for the moves its computer chooses
% among: one clause has a body of 300,000 nested goals (asserted at
% load), another lists its moves through a valid_moves/3 that asserts
% facts and throws a term that is no error. The check must end in time
% with its reason, and the host stay up.
:- use_module(library(lists)).
:- dynamic choose_move/4, seen/1.

:- initialization(deep_clause).

deep_clause :-
    nested(300000, valid_moves(S, P, Ms), Body),
    assertz((choose_move(S, P, 9, M) :- Body, member(M, Ms))),
    assertz((choose_move(S, P, _, M) :- valid_moves(S, P, [M|_]))).

nested(0, Body, Body) :- !.
nested(N, Body0, Body) :-
    N1 is N - 1,
    nested(N1, (true, Body0), Body).

play :-
    write('1) Computer vs Computer'), nl,
    read(_),
    turn(9, black).

turn(0, P) :-
    !,
    format("~w loses~n", [P]).
turn(N, P) :-
    format("~w to move~n", [P]),
    choose_move(N-P, P, 1, T),
    N1 is max(0, N - T),
    other(P, Q),
    turn(N1, Q).

other(black, white).
other(white, black).

valid_moves(4-_, _, _) :- !, assertz(seen(4)), throw(arena_loop_refused).
valid_moves(_, _, [1, 2]).
