% a game that breaks the contract in ways check-game must name
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Moves) :-
    (   N >= 3
    ->  Moves = []
    ;   Moves = [1, 2, 2]                   % duplicate
    ).
move(s(N, P), M, s(N1, Q)) :-
    member(M, [1, 2]),                      % no check of game over; choice points
    N1 is N + M,
    other(P, Q).
game_over(s(N, P), W) :-
    N >= 3,
    other(P, W).
other(a, b).
other(b, a).
