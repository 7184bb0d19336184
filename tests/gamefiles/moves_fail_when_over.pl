% A game of our own whose valid_moves/2 fails once no stick is left
% (numlist(1, 0, _) fails), as course games often do where the game is
% over: the game still ends there with its winner. Take 1 to 3 of 9.
players([a, b]).
initial_state(_, s(9, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Moves) :-
    Top is min(3, N),
    numlist(1, Top, Moves).
move(s(N, P), T, s(N1, Q)) :-
    between(1, 3, T),
    T =< N,
    N1 is N - T,
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(0, P), W) :-
    other(P, W).
