% A course-style game of our own whose game_over/2 holds in every state:
% its loop asks it only once the player to move has no move, and that
% player wins. Take 1 or 2 of 7 sticks; who cannot take wins.
initial_state(_, state(7, white)).

valid_moves(state(N, _), Moves) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).

move(state(N, P), T, state(N1, Q)) :-
    T =< N,
    N1 is N - T,
    other(P, Q).

other(white, black).
other(black, white).

% the player to move wins: asked only once no move is left
game_over(state(_, P), P).

play :-
    initial_state(_, S),
    turns(S).

turns(S) :-
    valid_moves(S, Moves),
    (   Moves == []
    ->  game_over(S, Winner),
        format("~w wins~n", [Winner])
    ;   Moves = [T|_],
        move(S, T, S1),
        turns(S1)
    ).
