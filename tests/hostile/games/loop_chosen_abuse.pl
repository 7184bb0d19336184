% A hostile game of our own, played only through its loop, that says
% arena_loop_chosen itself: the computer's moves become picks among
% what its valid_moves/3 lists, and that lists 200,000 moves at one
% turn, loops for ever at another, and throws at a third. The check
% must end in time with its reason, and the host stay up.
:- use_module(library(random)).
:- use_module(library(lists)).

arena_loop_chosen.

play :-
    write('1) Computer vs Computer'), nl,
    read(_),
    turn(9, black).

turn(0, P) :-
    !,
    format("~w loses~n", [P]).
turn(N, P) :-
    format("~w to move~n", [P]),
    choose_move(N-P, P, 2, T),
    N1 is max(0, N - T),
    other(P, Q),
    turn(N1, Q).

other(black, white).
other(white, black).

valid_moves(7-_, _, Moves) :- !, numlist(1, 200000, Moves).
valid_moves(5-_, _, _) :- !, repeat, fail.
valid_moves(3-_, _, _) :- !, throw(boom).
valid_moves(_, _, [1, 2]).

choose_move(State, P, _, T) :-
    valid_moves(State, P, [T|_]).
