:- module(arena_loop_stop,
          [ stop_run/1,               % +Stop
            stopping/0,
            run_stop/1,               % -Stop
            clear_stop/0
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
%   the run throws the run's first stop again at once (stopping/0),
%   before any work.

stop_run(Stop) :-
    (   stopped(_) -> true ; assertz(stopped(Stop)) ),
    throw(Stop).

%   The first stop of a run, in a fact of this module: no global
%   variable that a game's catch/3 could set back (`nb_setval/2`).
:- thread_local stopped/1.

%!  stopping is det.
%
%   Throws the run's stop where one was thrown before.

stopping :-
    (   stopped(Stop)
    ->  throw(Stop)
    ;   true
    ).

%!  run_stop(-Stop) is det.
%
%   The run's first stop, or none.

run_stop(Stop) :-
    (   stopped(Stop0)
    ->  Stop = Stop0
    ;   Stop = none
    ).

%!  clear_stop is det.
%
%   A run starts, or has ended: nothing stops its writes.

clear_stop :-
    retractall(stopped(_)).
