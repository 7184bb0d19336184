% A game of our own whose game_over/2 holds from the first state on:
% check-game names it, as no move could ever be played.
players([white, black]).
initial_state(_, state(7, white)).
current_player(state(_, P), P).
valid_moves(state(N, _), Moves) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).
move(state(N, P), T, state(N1, Q)) :-
    T =< N,
    N1 is N - T,
    other(P, Q).
other(white, black).
other(black, white).
game_over(state(_, P), P).
