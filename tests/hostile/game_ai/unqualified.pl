% expect: refused connect4:choose_move/3
% A bot of the two-argument protocol calls choose_move/3, which it does
% not define: the call goes to the game's module, which the bot's inherits.
choose_move(S, M) :- pick(S, M).
pick(S, M) :- choose_move(S, 3, M).
