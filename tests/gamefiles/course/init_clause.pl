% A game of our own whose helper is named after a prefix operator, as a
% student may write it: `initialization :- ...` and `..., dynamic, ...`.
% SICStus reads a prefix operator with no operand as an atom; so does
% the arena, although plain SWI-Prolog refuses both clauses.
players([a, b]).
initialization :- true.
dynamic.
initial_state(_, s(0, a)) :- initialization, dynamic.
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- N < 5, !, findall(M, member(M, [1, 2]), Ms).
valid_moves(_, []).
move(s(N, P), M, s(N1, Q)) :- N < 5, memberchk(M, [1, 2]), N1 is N + M, other(P, Q).
other(a, b).
other(b, a).
game_over(s(N, P), P) :- N >= 5.
