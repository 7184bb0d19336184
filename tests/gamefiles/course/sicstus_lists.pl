% A course-style game of our own that calls SICStus' keyclumps/2 and
% head/2 (library(lists)): SWI-Prolog's library(lists) has neither, its
% SICStus 4 emulation lacks keyclumps/2 (prolog/sicstus_lib.pl gives it).
% Take-away: take 1, 2 or 3 stones from the heap; who takes the last
% wins. Level 2 groups the moves by value with keyclumps/2 and plays the
% first of the best group, taken with head/2.
:- use_module(library(lists)).
:- use_module(library(between)).

players([a, b]).

initial_state(_, heap(11, a)).

current_player(heap(_, P), P).

valid_moves(heap(0, _), []) :-
    !.
valid_moves(heap(N, _), Moves) :-
    findall(T, ( between(1, 3, T), T =< N ), Moves).

move(heap(N, P), T, heap(N1, Q)) :-
    integer(T),
    between(1, 3, T),
    T =< N,
    N1 is N - T,
    other(P, Q).

game_over(heap(0, P), Winner) :-
    other(P, Winner).

% 1 where Player wins with best play from here, -1 where it loses: the
% one to move loses on a heap that is a multiple of 4
value(heap(N, ToMove), Player, V) :-
    (   N mod 4 =:= 0
    ->  Loser = ToMove
    ;   other(ToMove, Loser)
    ),
    (   Loser == Player
    ->  V = -1
    ;   V = 1
    ).

choose_move(S, 1, M) :-
    valid_moves(S, [M|_]).
choose_move(S, 2, M) :-
    current_player(S, P),
    valid_moves(S, Moves),
    findall(Key-T, ( member(T, Moves),
                     move(S, T, S1),
                     value(S1, P, V),
                     Key is -V ), Keyed),
    keysort(Keyed, Sorted),
    keyclumps(Sorted, Groups),
    head(Groups, Best),
    head(Best, _-M).

display_game(heap(N, P)) :-
    format("~w stones left; ~w to move~n", [N, P]).

other(a, b).
other(b, a).
