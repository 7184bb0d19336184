% Size: a state whose text is megabytes long, and a move list of a
% million moves.
players([a, b]).
initial_state(_, s(L)) :- numlist(1, 300000, L).
current_player(s(_), a).
valid_moves(_, Ms) :- numlist(1, 1000000, Ms).
move(s(L), _, s(L)).
game_over(s([]), a).
