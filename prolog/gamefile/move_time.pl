:- module(arena_gamefile_move_time,
          [ with_move_time/3,         % +Seconds, :Goal, -Note
            general_seconds/3,        % +Level, -Soft, -Hard
            general_move/4            % +Game, +State, +Level, -Move
          ]).
:- use_module(rule_clock, [firm_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(time)).
:- use_module(library(random)).
:- use_module(memo).

:- meta_predicate with_move_time(+, 0, -).

/** <module> A game file's levels under the move time

The choose_move of a game file's raw view (prolog/gamefile/view.pl)
calls own_move/6 for the game's own levels and capped_generic_move/4 for
the general AI; with_move_time/3 gives them the move time, and a level
that overruns its clock or throws gives way to a random valid move.
*/

:- public capped_generic_move/4, own_move/6.

%!  with_move_time(+Seconds, :Goal, -Note) is semidet.
%
%   Goal (a choose_move) with the move time Seconds (0: none) known to
%   the levels it runs: the general AI searches until general_seconds/3,
%   a game's own level is cut at own_seconds/1. Note says where a level
%   overran or threw and a random valid move was played instead ('' when
%   none).

with_move_time(Seconds, Goal, Note) :-
    must_be(number, Seconds),
    (   Seconds >= 0
    ->  true
    ;   domain_error(move_time, Seconds)
    ),
    setup_call_cleanup(( nb_setval(arena_move_time, Seconds),
                         nb_setval(arena_choose_note, '')
                       ),
                       once(Goal),
                       nb_setval(arena_move_time, 0)),
    nb_getval(arena_choose_note, Note).

move_time(Seconds) :-
    (   nb_current(arena_move_time, Seconds0),
        number(Seconds0)
    ->  Seconds = Seconds0
    ;   Seconds = 0
    ).

%!  general_seconds(+Level, -Soft, -Hard) is det.
%
%   The general AI's time at Level: its search's deadline Soft, and the
%   wall clock Hard after which a random valid move is played (it checks
%   its clock between rule calls only, and one call may take long).
%   Without a move time: the level's time and max(0.8, 1.25 x that).
%   With a move time T, a share of it that grows with the level: levels
%   1 and 2 their own time (at most 0.7 T), level 3 0.4 T, level 4 0.55 T,
%   5 and up 0.95 T less 45 ms (what the host's request costs around
%   the search), at least 0.5 T; Hard at most 0.98 T (the search ends by keeping its
%   tree for the next move, one copy that no clock stops; the rest is the
%   host's round trip).

general_seconds(Level, Soft, Hard) :-
    arena_ai_generic:level_seconds(Level, Level0),
    Hard0 is max(0.8, 1.25 * Level0),
    move_time(T),
    (   T > 0
    ->  level_share(Level, Level0, T, Soft),
        Hard is min(max(Hard0, Soft), 0.98 * T)
    ;   Soft = Level0,
        Hard = Hard0
    ).

level_share(Level, Level0, T, Soft) :-
    (   Level =< 2
    ->  Soft is min(Level0, 0.7 * T)
    ;   Level =:= 3
    ->  Soft is 0.4 * T
    ;   Level =:= 4
    ->  Soft is 0.55 * T
    ;   Soft is max(0.5 * T, 0.95 * T - 0.045)
    ).

%!  general_move(+Game, +State, +Level, -Move) is semidet.
%
%   The general AI's move on a built-in game (trusted rules, no cap but
%   its own clock) within general_seconds/3; the note says what its
%   check for a win or a loss in one could not finish.

general_move(Game, State, Level, Move) :-
    general_seconds(Level, Soft, Hard),
    Check is 0.9 * Hard,
    arena_ai_generic:generic_move(Game, State, Level,
                            [max_seconds(Soft), check_seconds(Check), note(Note)], Move),
    general_note(Level, Note).

general_note(Level, Note) :-
    (   atom(Note),
        Note \== ''
    ->  format(atom(Said), "the general AI at level ~w: ~w", [Level, Note]),
        nb_setval(arena_choose_note, Said)
    ;   true
    ).

%!  own_seconds(-Seconds) is det.
%
%   The wall clock a game's own level may take: 0.9 x the move time, 0.9 s
%   without one.

own_seconds(Seconds) :-
    move_time(T),
    (   T > 0
    ->  Seconds is 0.9 * T
    ;   Seconds = 0.9
    ).

%!  own_move(+Det, +State, +Level, -Move, :Own, ?OwnMove) is semidet.
%
%   The game's own level (Own binds OwnMove), given own_seconds/1 of wall
%   clock: a level that reads a human's move from the empty input in a
%   loop, sleeps or searches too long, or gives a move valid_moves does
%   not list, gives way to a random valid move, and the note says so. The general AI plays a level the game does not
%   have (Own fails).

own_move(Det, S, L, M, Own, OwnMove) :-
    own_seconds(Cap),
    catch(firm_time_limit(Cap, (Own -> Got = own ; Got = none)),
          Error,
          ( search_error(Error), Got = late(Error) )),
    (   Got == own
    ->  Det:valid_moves(S, Moves),
        (   memberchk(OwnMove, Moves)
        ->  M = OwnMove
        ;   random_member(M, Moves),    % the level's move is none to play
            format(atom(Note), "the game's own choose_move at level ~w gave ~q, not a \c
                                valid move: a random valid move instead", [L, OwnMove]),
            nb_setval(arena_choose_note, Note)
        )
    ;   Got = late(Error)
    ->  Det:valid_moves(S, Moves),
        random_member(M, Moves),
        overrun_note(Error, "the game's own choose_move", L, Cap)
    ;   capped_generic_move(Det, S, L, M)
    ).

%!  capped_generic_move(+Det, +State, +Level, -Move) is semidet.
%
%   The general AI's move, within general_seconds/3's Hard of wall clock
%   from the start (the valid moves listed within it too) even where one
%   call of a rule takes long; past that, a random valid move (of those
%   its check for a loss in one kept).

capped_generic_move(Det, S, L, M) :-
    (   integer(L), L > 1,
        general_seconds(L, Soft, Cap),
        Check is 0.75 * Cap,            % one child's replies may be listed past it
        Value is 0.95 * Cap,
        Options = [seconds(Soft), check_seconds(Check), value_seconds(Value), note(Note)],
        with_rule_memo(Det, capped_search(Det, S, L, Options, Cap, M0))
    ->  M = M0,
        general_note(L, Note)
    ;   Det:valid_moves(S, Moves),
        Moves = [_|_],
        random_member(M, Moves)
    ).

%   capped_search(+Det, +S, +L, +Options, +Cap, -M): generic_move/5 cut
%   at Cap seconds; the valid moves it lists are remembered (the memo),
%   so the move played past the cap costs no second listing. The cap
%   rings once (call_with_time_limit/2): rung again, it broke into the
%   search's own cleanup (a loop game's runs kept alive); each rule call
%   has the rule clock of its own.
capped_search(Det, S, L, Options, Cap, M) :-
    catch(call_with_time_limit(Cap, arena_ai_generic:generic_move(Det, S, L, Options, M)),
          Error,
          ( search_error(Error),
            Det:valid_moves(S, Moves),
            Moves = [_|_],
            arena_ai_generic:checked_moves(S, Moves, Pool),
            random_member(M, Pool),
            overrun_note(Error, "the general AI", L, Cap)
          )).

%   overrun_note(+Error, +Who, +Level, +Cap): the note of a level that
%   met its clock (or threw) and was replaced by a random valid move.
overrun_note(Error, Who, Level, Cap) :-
    (   Error == time_limit_exceeded
    ->  format(atom(Note), "~w at level ~w took over its ~2f s: a random \c
                           valid move instead", [Who, Level, Cap])
    ;   format(atom(Note), "~w at level ~w threw ~q: a random valid move instead",
               [Who, Level, Error])
    ),
    nb_setval(arena_choose_note, Note).

%   search_error(+Error): the general AI's search met the clock or a rule
%   that throws something other than an error term (throw(oops)) deep
%   in the search: the move is chosen at random. Interrupts go on.
search_error(Error) :-
    \+ memberchk(Error, [arena_interrupted, '$aborted']),
    \+ Error = error(game_rule(_), _).
