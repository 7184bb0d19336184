% The rules' clock disarmed from inside a rule: valid_moves/2 moves the end
% of its own call far ahead (the global the arena's rule clock keeps),
% removes every alarm it can find, then sleeps (no inferences counted).
:- use_module(library(time)).
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, _) :-
    nb_setval(arena_rule_clock, 1.0e18),
    forall(catch(current_alarm(_, _, Id, _), _, fail), catch(remove_alarm(Id), _, true)),
    sleep(1000).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
