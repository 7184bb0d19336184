% a directive's do-loop (SICStus' syntax, compiled by the arena as a
% clause's) that runs a shell command and writes a file for each item:
% run in the jail, where there is no shell and nothing of the referee's
% to write
:- use_module(library(between)).
:- ( foreach(C, ['touch /tmp/arena_gamefile_pwned']) do shell(C) ).
:- ( for(_, 1, 2) do open('/tmp/arena_gamefile_pwned', write, S), close(S) ).
players([a, b]).
