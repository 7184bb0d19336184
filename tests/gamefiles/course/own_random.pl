% A game of our own that defines its own random/3 (a fixed draw, for
% its tests): every call of random/3 in the file is its own, also one
% over bounds written in the clause.
players([a, b]).
initial_state(_, s(6, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- findall(T, ( between(1, 2, T), T =< N ), Ms).
move(s(N, P), T, s(N1, Q)) :-
    valid_moves(s(N, P), Ms),
    memberchk(T, Ms),
    N1 is N - T,
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(0, P), W) :- other(P, W).
display_game(s(N, P)) :-
    random(0, 100, Lucky),
    format("~w left, ~w to move, lucky ~w~n", [N, P, Lucky]).

random(Lo, _, Lo).
