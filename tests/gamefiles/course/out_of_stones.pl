% A course game whose own loop ends the game: a race to 10, each move
% adding 1 or 2; red has only three stones and the loop (not
% game_over/2) calls it a draw when red has none left. No players/1 or
% current_player/2: check-game proposes the adapter.
initial_state(_, [0, red, 3, 9]).

valid_moves([T, _, _, _], Moves) :-
    (   T < 10
    ->  Moves = [1, 2]
    ;   Moves = []
    ).

move([T, red, R, B], M, [T1, blue, R1, B]) :-
    memberchk(M, [1, 2]), T1 is T + M, R1 is R - 1.
move([T, blue, R, B], M, [T1, red, R, B1]) :-
    memberchk(M, [1, 2]), T1 is T + M, B1 is B - 1.

game_over([T, P, _, _], W) :-
    T >= 10,
    other(P, W).

other(red, blue).
other(blue, red).

display_game([T, P, R, B]) :-
    format("total ~w, ~w to move (red ~w stones, blue ~w)~n", [T, P, R, B]).

play :-
    initial_state(none, S),
    game_loop(S).

game_loop([_, _, 0, _]) :-
    write('No stones left for red: a draw'), nl,
    announce(draw).
game_loop(S) :-
    game_over(S, W),
    !,
    announce(W).
game_loop(S) :-
    display_game(S),
    read(M),
    move(S, M, S1),
    game_loop(S1).

announce(W) :-
    format("~w~n", [W]).
