% expect: refused connect4:choose_move/3
% The game's AI passed through a meta-predicate: once/1 of a lambda-free goal.
choose_move(S, _, M) :- once(call(connect4:choose_move, S, 3, M)).
