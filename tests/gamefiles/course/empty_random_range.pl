% A game of our own, written for SICStus (it loads library(between)),
% whose move/3 draws a bonus with random(0, N, B) and takes none where
% that fails: under SICStus random/3 fails for an empty range
% (random(0, 0, B)), where SWI-Prolog's raises an error.
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(lists)).
players([a, b]).
initial_state(_, s(6, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- findall(T, ( between(1, 2, T), T =< N ), Ms).
move(s(N, P), T, s(N1, Q)) :-
    valid_moves(s(N, P), Ms),
    memberchk(T, Ms),
    N1 is N - T,
    (   random(0, N1, _) -> true ; true ),
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(0, P), W) :- other(P, W).
display_game(s(N, P)) :- format("~w left, ~w to move~n", [N, P]).
