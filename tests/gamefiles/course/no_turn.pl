% A course game whose second player gets stuck: after two moves blue has
% no valid move while game_over/2 fails (the course game's loop handled
% it). No players/1 or current_player/2: check-game proposes the adapter.
initial_state(_, t(0, red)).

valid_moves(t(N, red), [N1]) :- N < 5, N1 is N + 1.
valid_moves(t(N, red), []) :- N >= 5.
valid_moves(t(N, blue), [N1]) :- N < 2, N1 is N + 1.
valid_moves(t(N, blue), []) :- N >= 2.

move(t(N0, P), N, t(N, Q)) :-
    valid_moves(t(N0, P), Moves),
    memberchk(N, Moves),
    other(P, Q).

other(red, blue).
other(blue, red).

game_over(t(5, _), red).

display_game(t(N, P)) :-
    format("~w, ~w to move~n", [N, P]).
