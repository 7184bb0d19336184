% the older course's variants: valid_moves/3, choose_move/4, display_game/2
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), _Player, Moves) :-
    (   N >= 5 -> Moves = [] ; Moves = [1, 2] ).
move(s(N, P), M, s(N1, Q)) :-
    N < 5,
    memberchk(M, [1, 2]),
    N1 is N + M,
    other(P, Q).
game_over(s(N, P), W) :-
    N >= 5,
    other(P, W).
choose_move(_, _Player, _Level, 1).
display_game(s(N, _), Player) :-
    format("total ~w, ~w to move~n", [N, Player]).
other(a, b).
other(b, a).
