:- module(arena_loop_stop,
          [ stop_run/1,               % +Stop
            stopping/0,
            run_stop/1,               % -Stop
            clear_stop/0,
            flooded_again/0
          ]).

/** <module> How a run of a game's own loop is stopped

The arena stops a run of a game's loop by throwing (its answers refused,
its next pick reached: prolog/gamefile/loop_drive.pl), and the stop
holds where the game's own code catches every exception.
*/

%!  stop_run(+Stop) is det.
%
%   Ends the run by throwing Stop (arena_loop_refused, a pick's point,
%   ...), also where the game's own catch/3 takes every exception
%   (`catch(read(X), _, ask_again)`): each later read, write or pick of
%   the run throws Stop again at once (stopping/0), before any work.

stop_run(Stop) :-
    (   stopped(_) -> true ; assertz(stopped(Stop)) ),
    nb_setval(arena_loop_stop, Stop),
    throw(Stop).

%   The first stop of a run, kept also where a game that sets the global
%   variable back (`nb_setval(arena_loop_stop, none)` in its catch/3)
%   does not reach it.
:- thread_local stopped/1.

%!  stopping is det.
%
%   Throws the run's stop where one was thrown before.

stopping :-
    (   stopped(Stop)
    ->  throw(Stop)
    ;   nb_current(arena_loop_stop, Stop), Stop \== none
    ->  throw(Stop)
    ;   true
    ).

%!  run_stop(-Stop) is det.
%
%   The run's first stop, or none.

run_stop(Stop) :-
    (   stopped(Stop0)
    ->  Stop = Stop0
    ;   nb_current(arena_loop_stop, Stop0), Stop0 \== none
    ->  Stop = Stop0
    ;   Stop = none
    ).

%!  clear_stop is det.
%
%   A run starts, or has ended: nothing stops its writes.

clear_stop :-
    retractall(stopped(_)),
    nb_setval(arena_loop_stop, none).

%!  flooded_again is det.
%
%   A write past the run's limits: while the run goes on, it throws the
%   flood again, where the game's catch/3 took it.

flooded_again :-
    (   nb_current(arena_loop, drive(_, _, _, _, _))
    ->  throw(arena_loop_flood)
    ;   true
    ).
