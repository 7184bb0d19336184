% A turn of two steps by the same player: each step adds 0 or 1 to the
% total, and whoever brings it to 3 wins. From a total of 1, red wins by
% stepping 1 and 1 in the same turn; after a first step of 0, blue wins.
players([red, blue]).
initial_state(_, t(1, red, first)).
current_player(t(_, P, _), P).
valid_moves(S, Moves) :-
    (   game_over(S, _)
    ->  Moves = []
    ;   Moves = [0, 1]
    ).
move(t(N, P, Part), M, t(N1, P1, Part1)) :-
    memberchk(M, [0, 1]),
    \+ game_over(t(N, P, Part), _),
    N1 is N + M,
    (   Part == first
    ->  P1 = P, Part1 = second
    ;   other(P, P1), Part1 = first
    ).
other(red, blue).
other(blue, red).
game_over(t(N, P, Part), W) :-
    N >= 3,
    (   Part == second          % the step that made 3 was P's first
    ->  W = P
    ;   other(P, W)             % a second step made it: the turn passed on
    ).
display_game(t(N, P, Part)) :-
    format("total ~w, ~w to make the ~w step~n", [N, P, Part]).
