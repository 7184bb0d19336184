% A prefix operator with no operand reads as an atom (as in SICStus): a
% clause that uses it to smuggle a goal into a directive, and a clause
% for initialization/0 that would write a file if anything called it.
:- dynamic, open('/tmp/arena-gamehost-pwned', write, S), close(S).
initialization :- open('/tmp/arena-gamehost-pwned', write, S), close(S).
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, [1]).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
