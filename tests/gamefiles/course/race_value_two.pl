% A race (test pattern) as race_lower_value.pl, its value without a
% player: value(State, Value) scores the side that moved into State (the
% one not to move), lower where it is better off, and the levels take
% the level first and the moves: choose_move(Level, State, Moves, Move).

:- use_module(library(lists)).

track_end(100).

initial_state(_, [1, 0, 0, 0]).

display_game([P, A, B, N]) :-
    format("side 1 at ~w, side 2 at ~w, ply ~w: side ~w to move~n", [A, B, N, P]).

valid_moves([P|Race], Moves) :-
    nth1(P, Race, T),
    findall(D, ( member(D, [1, -1]), T + D >= 0 ), Moves).

move([P|Race], D, [Q|Race1]) :-
    valid_moves([P|Race], Moves),
    memberchk(D, Moves),
    Race = [A, B, N],
    N1 is N + 1,
    (   P =:= 1
    ->  A1 is A + D, Race1 = [A1, B, N1]
    ;   B1 is B + D, Race1 = [A, B1, N1]
    ),
    Q is 3 - P.

game_over([_, A, _, _], 1) :- track_end(A), !.
game_over([_, _, B, _], 2) :- track_end(B), !.
game_over([_, _, _, N], draw) :- N >= 400.

value([P, A, B, _], V) :-
    track_end(End),
    (   P =:= 2 -> V is End - A ; V is End - B ).

choose_move(1, _, Moves, M) :-
    random_member(M, Moves).
choose_move(2, S, Moves, M) :-
    findall(V-M1, ( member(M1, Moves), move(S, M1, S1), value(S1, V) ), VMs),
    keysort(VMs, [_-M|_]).
