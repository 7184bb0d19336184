% A course-style game of our own whose game_over/2 answers `none` while
% the game goes on (a last clause game_over(_, none)), as real
% submissions write it: the loop asks game_over/2 and goes on when the
% winner is none. Players white and black in the state; a race to 7.
initial_state(Goal, race(0, Goal, white)).

valid_moves(race(N, Goal, _), Moves) :-
    findall(K, ( member(K, [1, 2, 3]), N + K =< Goal ), Moves).

move(race(N, Goal, P), K, race(N1, Goal, Q)) :-
    member(K, [1, 2, 3]),
    N1 is N + K,
    N1 =< Goal,
    other(P, Q).

other(white, black).
other(black, white).

% the player who reaches the goal wins
game_over(race(Goal, Goal, P), W) :-
    !,
    other(P, W).
game_over(_, none).

value(race(N, Goal, P), P, V) :-
    V is (Goal - N) mod 4.

play :-
    initial_state(7, S),
    loop(S).

loop(S) :-
    game_over(S, W),
    W \== none,
    !,
    format("~w wins~n", [W]).
loop(S) :-
    valid_moves(S, [M|_]),
    move(S, M, S1),
    loop(S1).
