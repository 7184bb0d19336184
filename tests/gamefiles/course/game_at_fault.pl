% A half-finished course game of our own: once fewer than 10 sticks
% would be left, its move/3 reaches a helper it never defines, so every
% game meets it. Take 1 to 3 sticks, who takes the last one wins.
initial_state(_, game_state(15, 1)).

display_game(game_state(N, P)) :-
    format("~w sticks left, player ~w to take.~n", [N, P]).

valid_moves(game_state(N, _), Moves) :-
    Top is min(3, N),
    numlist(1, Top, Moves).

move(game_state(N, P), Take, State) :-
    N - Take < 10,
    !,
    take_near_end(N, Take, P, State).
move(game_state(N, P), Take, game_state(N1, Q)) :-
    Take =< N,
    N1 is N - Take,
    Q is 3 - P.

game_over(game_state(0, P), Winner) :-
    Winner is 3 - P.
