:- module(plain, [players/1, option/3, initial_state/2, current_player/2, valid_moves/2,
                  move/3, game_over/2, value/3]).

/** <module> Lambdas in a game file that loads no library: swipl calls
each lambda as it is, at run time. */

:- include(lambda_rules).
