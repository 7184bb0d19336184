% A game file with a syntax error: the clause of move/3 lacks its end.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]).
valid_moves(s(b), []).
move(s(a), go, s(b)) :-
    true
game_over(s(b), a).
play :- true.
