:- module(loads_yall, [players/1, option/3, initial_state/2, current_player/2, valid_moves/2,
                       move/3, game_over/2, value/3]).

/** <module> Lambdas in a game file that loads library(yall) and
library(apply) first: swipl compiles each lambda passed to include/3 or
maplist/N, sharing no variable with its clause unless declared. */

:- use_module(library(yall)).
:- use_module(library(apply)).
:- include(lambda_rules).
