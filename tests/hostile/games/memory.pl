% Memory: a rule that grows its stacks without bound.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, Ms) :- grow([], Ms).
grow(L, Ms) :- length(X, 1000), grow([X|L], Ms).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
