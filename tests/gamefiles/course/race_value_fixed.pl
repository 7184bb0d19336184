% A race (test pattern) as race_value_two.pl, its value/2 from the first
% side's view always (its steps less the second's): level 2 takes the
% highest for side 1 and the lowest for side 2.
:- use_module(library(lists)).
track_end(100).
initial_state(_, [1, 0, 0, 0]).
display_game([P, A, B, N]) :- format("~w ~w ~w ~w~n", [P, A, B, N]).
valid_moves([P|Race], Moves) :- nth1(P, Race, T), findall(D, ( member(D, [1, -1]), T + D >= 0 ), Moves).
move([P|Race], D, [Q|Race1]) :- valid_moves([P|Race], Moves), memberchk(D, Moves), Race = [A, B, N], N1 is N + 1,
    ( P =:= 1 -> A1 is A + D, Race1 = [A1, B, N1] ; B1 is B + D, Race1 = [A, B1, N1] ), Q is 3 - P.
game_over([_, A, _, _], 1) :- track_end(A), !.
game_over([_, _, B, _], 2) :- track_end(B), !.
game_over([_, _, _, N], draw) :- N >= 400.
value([_, A, B, _], V) :- V is A - B.
choose_move(1, _, Moves, M) :- random_member(M, Moves).
choose_move(2, [P|R], Moves, M) :- findall(V-M1, ( member(M1, Moves), move([P|R], M1, S1), value(S1, V) ), VMs),
    keysort(VMs, Sorted), ( P =:= 1 -> last(Sorted, _-M) ; Sorted = [_-M|_] ).
