% Nim on one heap of 21 (take 1 to 3, taking the last wins) whose own
% choose_move/3 never ends at level 2 and plays at once at level 1.
:- module(endless_level, [players/1, initial_state/2, current_player/2,
                          valid_moves/2, move/3, game_over/2, choose_move/3]).

players([a, b]).
initial_state(_, h(21, a)).
current_player(h(_, P), P).
valid_moves(h(N, _), Moves) :-
    Top is min(3, N),
    findall(K, between(1, Top, K), Moves).
move(h(N, P), K, h(N1, Q)) :-
    integer(K), K >= 1, K =< min(3, N),
    N1 is N - K,
    other(P, Q).
game_over(h(0, P), W) :-
    other(P, W).
choose_move(h(_, _), 1, 1).
choose_move(h(N, _), 2, K) :-
    endless(N, K).
other(a, b).
other(b, a).

endless(N, K) :-
    repeat,
    N < 0,
    K = N.
