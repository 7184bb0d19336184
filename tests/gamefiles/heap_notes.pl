% Nim on one heap of 7 (take 1 to 3, taking the last wins) that says what
% a move decided: move_outcome/4 names the move that leaves a heap of 4,
% after which the mover can always win.
:- module(heap_notes, [players/1, initial_state/2, current_player/2,
                       valid_moves/2, move/3, game_over/2, move_outcome/4]).

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
move_outcome(h(_, P), _, h(4, _), Text) :-
    format(string(Text), "~w leaves 4: a winning heap for ~w", [P, P]).
other(a, b).
other(b, a).
