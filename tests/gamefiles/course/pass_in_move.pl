% A course-style game of our own whose pass is a move handled inside
% move/3: a player who cannot step forward must play pass.
players([left, right]).

initial_state(_, g(0, 0, left)).

current_player(g(_, _, P), P).

valid_moves(g(L, R, P), Ms) :-
    (   L >= 4, R >= 4
    ->  Ms = []
    ;   side(P, L, R, N),
        (   N < 4
        ->  Ms = [step]
        ;   Ms = [pass]
        )
    ).

side(left, L, _, L).
side(right, _, R, R).

move(g(L, R, P), M, g(L1, R1, Q)) :-
    \+ ( L >= 4, R >= 4 ),
    side(P, L, R, N),
    (   M == step, N < 4
    ->  N1 is N + 1
    ;   M == pass, N >= 4
    ->  N1 = N
    ),
    next(P, L, R, N1, L1, R1, Q).

next(left, _, R, N, N, R, right).
next(right, L, _, N, L, N, left).

game_over(g(L, R, _), left) :- L >= 4, R >= 4.
