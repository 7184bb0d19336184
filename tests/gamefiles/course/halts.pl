% A course-style game of our own whose value/3 reaches halt (the menu's
% quit), as one real submission's choose_move did.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 3 -> Ms = [] ; Ms = [1] ).
move(s(N, a), 1, s(N1, b)) :- N < 3, N1 is N + 1.
move(s(N, b), 1, s(N1, a)) :- N < 3, N1 is N + 1.
game_over(s(3, _), a).
value(_, _, _) :- write('Bye!'), nl, halt.
