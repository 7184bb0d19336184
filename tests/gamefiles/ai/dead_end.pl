% A race to 9 whose rules break: from 4 on, the second player has no
% valid moves though the game is not over (a broken rule the AI must
% survive). Players add 1 or 2; whoever reaches 9 or more wins.
:- module(dead_end, [players/1, initial_state/2, current_player/2,
                     valid_moves/2, move/3, game_over/2]).

players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, P), Moves) :-
    (   game_over(s(N, P), _)
    ->  Moves = []
    ;   P == b, N >= 4
    ->  Moves = []
    ;   Moves = [1, 2]
    ).
move(s(N, P), M, s(N1, Q)) :-
    valid_moves(s(N, P), Moves),
    memberchk(M, Moves),
    N1 is N + M,
    other(P, Q).
game_over(s(N, P), W) :-
    N >= 9,
    other(P, W).
other(a, b).
other(b, a).
