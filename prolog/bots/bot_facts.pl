:- module(arena_bot_facts,
          [ bot_module/1,             % -Module
            game_module/1,            % -Game
            bot_clause/4,             % ?PI, ?Line, ?Head, ?Body
            bot_dynamic/1,            % ?PI
            bot_warning/2,            % ?Line, ?Text
            bot_warning_for/1,        % ?PI
            redefined/1,              % ?PI
            bot_import/1,             % ?PI
            bot_lambdas_compiled/0,
            defines/1                 % ?PI
          ]).

/** <module> What the bot host knows of the bot it loads

The bot's module, its game's (asserted by host.pl), and what
host_load.pl records while reading the bot's file, before its clauses
are added to its module. One bot per process: nothing is retracted.
*/

:- dynamic
    game_module/1,                  % Game
    bot_clause/4,                   % PI, Line, Head, Body
    bot_dynamic/1,                  % PI
    bot_warning/2,                  % Line, Text
    bot_warning_for/1,              % PI
    redefined/1,                    % PI of a built-in the bot defines
    bot_import/1,                   % PI its directives imported
    bot_lambdas_compiled/0.         % its directives loaded library(yall)

%!  bot_module(-Module) is det.
%
%   The module the bot's clauses live in.

bot_module(arena_bot).

%!  defines(?PI) is semidet.
%
%   The bot has clauses for PI or declared it dynamic.

defines(PI) :-
    bot_clause(PI, _, _, _),
    !.
defines(PI) :-
    bot_dynamic(PI).
