% Route 4: a loop that swallows the time limit's exception, every time.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, _) :- catch(loop, _, loop).
loop :- catch(sleep(1000), _, loop).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
