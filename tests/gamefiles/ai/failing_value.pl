% Nim on one heap of 7 (take 1 to 3, taking the last wins) whose value/3
% fails for the player not to move and throws for a heap of 5.
:- module(failing_value, [players/1, initial_state/2, current_player/2,
                          valid_moves/2, move/3, game_over/2, value/3]).

players([a, b]).
initial_state(_, h(7, a)).
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
value(h(5, _), _, _) :-
    throw(error(type_error(heap, 5), _)).
value(h(N, P), P, V) :-
    V is N mod 4.
other(a, b).
other(b, a).
