% A course-style game of our own, played through its own loop only,
% whose mode of computers alone writes each side's level in the loop:
% black at level 1 (a random pick among the valid moves), white at level
% 2 (the most it may take: no random pick). Take 1 to 3 from a heap of
% 25; who takes the last wins.
:- use_module(library(lists)).
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('2. Exit'), nl,
    write('Choose an option: '),
    read(Option),
    start(Option).

start(1) :-
    !,
    turn(25, black).
start(_).

turn(0, P) :-
    !,
    other(P, W),
    side(W, Name),
    format("~w wins!~n", [Name]).
turn(N, P) :-
    side(P, Name),
    format("~w to move, ~w left~n", [Name, N]),
    level(P, Level),
    choose_move(N-P, P, Level, T),
    format("~w takes ~w~n", [Name, T]),
    N1 is N - T,
    other(P, Q),
    turn(N1, Q).

level(black, 1).
level(white, 2).

side(black, 'Black').
side(white, 'White').

other(black, white).
other(white, black).

valid_moves(N-_, _, Moves) :-
    findall(T, ( member(T, [1, 2, 3]), T =< N ), Moves).

choose_move(State, P, 1, T) :-
    valid_moves(State, P, Moves),
    random_member(T, Moves).
choose_move(State, P, 2, T) :-
    valid_moves(State, P, Moves),
    max_list(Moves, T).
