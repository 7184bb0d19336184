% expect: refused connect4:choose_move/3
% The game's AI inside a yall lambda, which the host compiles into a
% predicate of the bot's own.
:- use_module(library(yall)).
:- use_module(library(apply)).
choose_move(S, M) :- foldl([L, _, X]>>choose_move(S, L, X), [3], none, M).
