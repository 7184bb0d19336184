% Size: a million valid moves, each a long text: the answer would be
% tens of megabytes.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, Ms) :- numlist(1, 1000000, Ns), maplist(long_move, Ns, Ms).
long_move(N, m(N, 'a long move text that is repeated for every single move')).
move(s(N), _, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
