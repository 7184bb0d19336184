% term_expansion: hooks that would rewrite code as it loads, in the file's
% own module and in user.
term_expansion(players(_), players([x, y])).
user:term_expansion(end_of_file, _) :- open('/tmp/arena-gamehost-pwned', write, S), close(S).
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, [1]).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
