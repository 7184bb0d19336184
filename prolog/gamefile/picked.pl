:- module(arena_picked,
          [ arena_picked_moves/3      % :Goal, ?Move, -Moves
          ]).
:- use_module(library(lists), []).

/** <module> The moves a game's own computer player can pick

Many course games have no valid_moves: their computer player draws a
row and a column with random/3 (or random_member/2, random_select/3,
random_between/3), checks the move, and where it is refused calls itself
again. arena_picked_moves/3 runs such a player with every pick taken in
turn (prolog/gamefile/loop_drive.pl's loop_choice/3 enumerates while
`arena_picking` is on) and a call of the player inside itself refused:
the moves it gives are those it could pick. A game file's code module
has this module among its import modules in the jail
(prolog/gamefile/load.pl); adapters proposed over such a player call it.
*/

:- meta_predicate arena_picked_moves(0, ?, -).

%!  arena_picked_moves(:Goal, ?Move, -Moves) is det.
%
%   Moves: each ground Move that Goal gives once, in the order found,
%   its picks taken in turn, at most 2,000 answers.

arena_picked_moves(M:Goal, Move, Moves) :-
    functor(Goal, Name, Arity),
    functor(Head, Name, Arity),
    (   predicate_property(M:Head, imported_from(Owner))
    ->  true
    ;   Owner = M
    ),
    guard(Owner:Head),
    setup_call_cleanup(
        nb_setval(arena_picking, on),
        findall(Move, limit(2000, ( b_setval(arena_picking_in, false), M:Goal )), Found),
        nb_setval(arena_picking, off)),
    once(lists:include(ground, Found, Ground)),
    lists:list_to_set(Ground, Moves).

%   guard(+Head): the player's predicate wrapped once: while picking, a
%   call inside the first (a refused pick tried again) fails.
guard(Head) :-
    (   current_predicate_wrapper(Head, arena_picked, _, _)
    ->  true
    ;   wrap_predicate(Head, arena_picked, Wrapped, arena_picked:picking_call(Wrapped))
    ).

:- public picking_call/1.

picking_call(Wrapped) :-
    (   nb_current(arena_picking, on)
    ->  b_getval(arena_picking_in, false),
        b_setval(arena_picking_in, true),
        call(Wrapped)
    ;   call(Wrapped)
    ).
