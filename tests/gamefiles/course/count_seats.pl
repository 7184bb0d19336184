% A course-style game of our own (2022/23 form) for check-game's adapter
% proposal: players 1 and 2 inside game(Count, Player), valid_moves/3
% and choose_move/4 take the player, value/3 answers for the player to
% move only, and display_game/1 needs seat/2 facts the menu asserts with
% the names it reads. Take 1 or 2 from the count; who takes the last wins.
:- use_module(library(lists)).
:- dynamic seat/2.

initial_state(Size, game(Size, 1)).

valid_moves(game(C, _), _, Moves) :-
    findall(N, ( member(N, [1, 2]), N =< C ), Moves).

move(game(C, P), N, game(C1, O)) :-
    memberchk(N, [1, 2]),
    N =< C,
    C1 is C - N,
    other(P, O).

other(1, 2).
other(2, 1).

game_over(game(0, P), W) :-
    other(P, W).

value(game(C, P), P, V) :-
    (   C mod 3 =:= 0 -> V = -1 ; V = 1 ).

choose_move(game(C, P), P, 1, N) :-
    valid_moves(game(C, P), P, [N|_]).
choose_move(game(C, P), P, 2, N) :-
    (   C mod 3 =:= 0 -> N = 1 ; N is C mod 3 ).

display_game(game(C, P)) :-
    seat(Name, P),
    format("~w left; ~w to move~n", [C, Name]).

menu :-
    read(First),
    read(Second),
    retractall(seat(_, _)),
    assertz(seat(First, 1)),
    assertz(seat(Second, 2)).
