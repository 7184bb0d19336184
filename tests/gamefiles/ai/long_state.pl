% Every state carries a list of 20,000 numbers (a game that keeps its
% history, or one that wants the general AI's cache to fill the host's
% memory): the search must not copy such states into its cache.
players([a, b]).
initial_state(_, s(0, a, Pad)) :-
    numlist(1, 20000, Pad).
current_player(s(_, P, _), P).
valid_moves(S, Moves) :-
    (   game_over(S, _)
    ->  Moves = []
    ;   Moves = [1, 2, 3]
    ).
move(s(N, P, Pad), M, s(N1, Q, Pad)) :-
    memberchk(M, [1, 2, 3]),
    N < 200,
    N1 is N + M,
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(N, P, _), W) :-
    N >= 200,
    other(P, W).
display_game(s(N, P, _)) :-
    format("~w, ~w to move~n", [N, P]).
