:- module(arena_picked,
          [ arena_picked_moves/3      % :Goal, ?Move, -Moves
          ]).
:- use_module(library(lists), []).
:- use_module(retries, [guard_retries/1]).

/** <module> The moves a game's own computer player can pick

Many course games have no valid_moves: their computer player draws a
row and a column with random/3 (or random_member/2, random_select/3,
random_between/3), checks the move, and where it is refused calls itself
again. arena_picked_moves/3 runs such a player with every pick taken in
turn (prolog/gamefile/loop_drive.pl's loop_choice/3 enumerates while
`arena_picking` is on) and its call of itself after a refusal failing
(prolog/gamefile/retries.pl): the moves it gives are those it could
pick. A game file's code module has this module among its import
modules in the jail (prolog/gamefile/load.pl); adapters proposed over
such a player call it.
*/

:- meta_predicate arena_picked_moves(0, ?, -).

%!  arena_picked_moves(:Goal, ?Move, -Moves) is det.
%
%   Moves: each ground Move that Goal gives once, in the order found,
%   its picks taken in turn, at most 2,000 answers.

arena_picked_moves(M:Goal, Move, Moves) :-
    guard_retries(M),
    setup_call_cleanup(
        nb_setval(arena_picking, on),
        findall(Move, limit(2000, M:Goal), Found),
        nb_setval(arena_picking, off)),
    once(lists:include(ground, Found, Ground)),
    lists:list_to_set(Ground, Moves).
