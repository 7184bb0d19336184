% A game of our own whose move/3 refuses taking three sticks, though
% valid_moves/2 lists it: the rules disagree, and a game that meets it
% ends as a no-contest naming move/3.
players([a, b]).
initial_state(_, s(9, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Moves) :-
    findall(T, ( between(1, 3, T), T =< N ), Moves).
move(s(N, P), T, s(N1, Q)) :-
    T < 3,
    T =< N,
    N1 is N - T,
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(0, P), W) :-
    other(P, W).
