% A race to 9 (add 1 or 2, or pass) whose game_over/2 never returns once
% the count is 7: a search meets that rule in its playouts. The pass
% repeats positions, so the exact solve gives up at once and the search
% itself runs into the endless rule.
:- module(endless_rule, [players/1, initial_state/2, current_player/2,
                         valid_moves/2, move/3, game_over/2]).

players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, P), Moves) :-
    (   game_over(s(N, P), _)
    ->  Moves = []
    ;   Moves = [0, 1, 2]
    ).
move(s(N, P), M, s(N1, Q)) :-
    memberchk(M, [0, 1, 2]),
    \+ game_over(s(N, P), _),
    N1 is N + M,
    other(P, Q).
game_over(s(N, P), W) :-
    (   N =:= 7
    ->  endless
    ;   N >= 9,
        other(P, W)
    ).
endless :-
    endless.
other(a, b).
other(b, a).
