% Nim on one heap (take 1 to 3, taking the last wins) whose size comes
% from its config term heap(N) (21 with the options list).
:- module(config_heap, [players/1, initial_state/2, current_player/2,
                        valid_moves/2, move/3, game_over/2]).

players([a, b]).
initial_state(heap(N), h(N, a)) :-
    !,
    must_be(positive_integer, N).
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
other(a, b).
other(b, a).
