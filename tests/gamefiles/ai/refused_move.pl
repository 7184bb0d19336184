% Tic-tac-toe-like race: valid_moves/2 lists move 3, which move/3 always
% refuses (a broken rule); 1 and 2 add to a sum, 6 or more wins.
:- module(refused_move, [players/1, initial_state/2, current_player/2,
                         valid_moves/2, move/3, game_over/2]).

players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(S, Moves) :-
    (   game_over(S, _)
    ->  Moves = []
    ;   Moves = [1, 2, 3]
    ).
move(s(N, P), M, s(N1, Q)) :-
    \+ game_over(s(N, P), _),
    memberchk(M, [1, 2]),
    N1 is N + M,
    other(P, Q).
game_over(s(N, P), W) :-
    N >= 6,
    other(P, W).
other(a, b).
other(b, a).
