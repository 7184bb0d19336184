% Nim on one heap of 21 (take 1 to 3, taking the last wins) whose move/3
% takes a second to take 3: one rule call longer than a small move time.
:- module(slow_move, [players/1, initial_state/2, current_player/2,
                      valid_moves/2, move/3, game_over/2]).

players([a, b]).
initial_state(_, h(21, a)).
current_player(h(_, P), P).
valid_moves(h(N, _), Moves) :-
    Top is min(3, N),
    findall(K, between(1, Top, K), Moves).
move(h(N, P), K, h(N1, Q)) :-
    integer(K), K >= 1, K =< min(3, N),
    (   K =:= 3
    ->  sleep(1)
    ;   true
    ),
    N1 is N - K,
    other(P, Q).
game_over(h(0, P), W) :-
    other(P, W).
other(a, b).
other(b, a).
