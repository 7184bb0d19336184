% A game of our own whose rules ask a fact only its menu asserts, never
% declared: human/1 (which seats a person holds). Its menu clears it
% with retractall/1 first (so, under SICStus, it exists); called without
% the menu, the rules find no human and the computer plays both seats.
:- use_module(library(lists)).
players([a, b]).
play :- retractall(human(_)), assertz(human(a)), initial_state(_, S), loop(S).
loop(S) :- game_over(S, W), !, format("~w wins~n", [W]).
loop(S) :- choose(S, M), move(S, M, S1), loop(S1).
choose(s(N, P), M) :- human(P), !, read(M), valid_moves(s(N, P), Ms), memberchk(M, Ms).
choose(S, M) :- valid_moves(S, Ms), random_member(M, Ms).
initial_state(_, s(9, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- findall(T, ( member(T, [1, 2]), T =< N ), Ms).
move(s(N, P), T, s(N1, Q)) :-
    valid_moves(s(N, P), Ms),
    memberchk(T, Ms),
    (   human(P) -> format("you take ~w~n", [T]) ; true ),
    N1 is N - T,
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(0, P), W) :- other(P, W).
