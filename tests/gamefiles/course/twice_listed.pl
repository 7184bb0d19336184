% A course-style game of our own whose valid_moves/2 lists taking one
% stick twice once fewer than 6 are left: the adapter lists each move
% once. Take 1 or 2 of 9 sticks; who takes the last one wins.
initial_state(_, sticks(9, left)).

valid_moves(sticks(N, _), Moves) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Moves0),
    (   N < 6, Moves0 = [1|_]
    ->  Moves = [1|Moves0]
    ;   Moves = Moves0
    ).

move(sticks(N, P), T, sticks(N1, Q)) :-
    member(T, [1, 2]),
    T =< N,
    N1 is N - T,
    other(P, Q).

other(left, right).
other(right, left).

game_over(sticks(0, P), W) :-
    other(P, W).
