% A game of our own whose second player gets stuck: after two moves the
% second player has no valid move although game_over/2 fails (the course
% game handled it in its own game loop, not in move/3).
players([north, south]).
initial_state(_, s(0, north)).
current_player(s(_, P), P).
valid_moves(s(N, north), [N1]) :- N < 5, N1 is N + 1.
valid_moves(s(N, south), [N1]) :- N < 2, N1 is N + 1.
valid_moves(s(N, south), []) :- N >= 2.
valid_moves(s(N, north), []) :- N >= 5.
move(s(_, P), N, s(N, Q)) :- other(P, Q).
other(north, south).
other(south, north).
game_over(s(5, _), north).
