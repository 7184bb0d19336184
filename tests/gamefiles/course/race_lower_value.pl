% A race (test pattern): each side walks a token along a track of 100
% steps, one step forward or back a turn; 400 plies without an arrival
% are a draw, so random games end drawn. value/3 is the steps a side
% still has to go, lower where it is better off, and level 2 takes the
% move of lowest value. No players/1 nor current_player/2: check-game
% proposes an adapter.

:- use_module(library(lists)).

track_end(100).

initial_state(_, race(0, 0, 0)-1).

display_game(race(A, B, N)-P) :-
    format("side 1 at ~w, side 2 at ~w, ply ~w: side ~w to move~n", [A, B, N, P]).

at(race(A, _, _), 1, A).
at(race(_, B, _), 2, B).

valid_moves(Race-P, Moves) :-
    at(Race, P, T),
    findall(D, ( member(D, [1, -1]), T + D >= 0 ), Moves).

move(Race-P, D, Race1-Q) :-
    valid_moves(Race-P, Moves),
    memberchk(D, Moves),
    at(Race, P, T),
    T1 is T + D,
    step(P, Race, T1, Race1),
    Q is 3 - P.

step(1, race(_, B, N), A, race(A, B, N1)) :- N1 is N + 1.
step(2, race(A, _, N), B, race(A, B, N1)) :- N1 is N + 1.

game_over(Race-_, Side) :-
    member(Side, [1, 2]),
    at(Race, Side, T),
    track_end(T),
    !.
game_over(race(_, _, N)-_, draw) :-
    N >= 400.

value(Race-_, P, V) :-
    at(Race, P, T),
    track_end(End),
    V is End - T.

choose_move(S, 1, M) :-
    valid_moves(S, Ms),
    random_member(M, Ms).
choose_move(S-P, 2, M) :-
    valid_moves(S-P, Ms),
    findall(V-M1, ( member(M1, Ms), move(S-P, M1, S1), value(S1, P, V) ), VMs),
    keysort(VMs, [_-M|_]).
