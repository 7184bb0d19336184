% Output: megabytes printed by a rule and by the board.
players([a, b]).
initial_state(_, s(0)) :- forall(between(1, 200000, _), format(user_error, "flood ~a~n", [xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx])).
current_player(s(_), a).
valid_moves(s(N), Ms) :- ( N < 1 -> Ms = [1] ; Ms = [] ).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(1), a).
display_game(_) :- forall(between(1, 200000, _), write('board board board board\n')).
