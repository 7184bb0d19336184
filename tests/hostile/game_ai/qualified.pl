% expect: refused connect4:choose_move/3
% The game's own search, called by name: the bot plays connect4's level 3.
choose_move(S, _, M) :- connect4:choose_move(S, 3, M).
