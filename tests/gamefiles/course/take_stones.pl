% A course-style take-away game of our own (2022/23 contract): players are
% 1 and 2 inside the state, initial_state/2 takes a pile size,
% valid_moves/3 and choose_move/4 take the player, value/3 only for the
% player to move; a menu reads with get_code/1, X^Goal is called as a
% goal, lists:some/2 is used, display_game/1 needs a fact the menu
% asserts, and quitting calls halt.
:- use_module(library(lists)).
:- use_module(library(between)).
:- dynamic player_name/2.

initial_state(Size, Size-1).

valid_moves(Pile-_, _Player, Moves) :-
    findall(N, ( between(1, 3, N), N =< Pile ), Moves).

move(Pile-P, N, Pile1-Q) :-
    X^memberchk(N-X, [1-a, 2-b, 3-c]),
    N =< Pile,
    Pile1 is Pile - N,
    next(P, Q).

next(1, 2).
next(2, 1).

% the player who took the last stone wins
game_over(0-P, W) :-
    next(P, W).

value(Pile-P, Who, V) :-
    (   some(=:=(0), [Pile mod 4])
    ->  V0 = -1
    ;   V0 = 1
    ),
    (   Who == P
    ->  V = V0
    ;   V is -V0
    ).

choose_move(Pile-P, P, 1, N) :-
    valid_moves(Pile-P, P, Ms),
    random_member(N, Ms).
choose_move(Pile-P, P, 2, N) :-
    M is Pile mod 4,
    (   M =:= 0
    ->  N = 1
    ;   N = M
    ).

display_game(Pile-P) :-
    player_name(P, Name),
    format("~w stones; ~w to move~n", [Pile, Name]).

menu :-
    write('Pile size? '),
    get_code(C),
    (   C =:= -1
    ->  halt
    ;   Size is C - 0'0,
        retractall(player_name(_, _)),
        assertz(player_name(1, 'Ann')),
        assertz(player_name(2, 'Bob')),
        initial_state(Size, S),
        display_game(S)
    ).
