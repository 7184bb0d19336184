:- module(arena_loop_stop,
          [ stop_run/1,               % +Stop
            stopping/0
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
    nb_setval(arena_loop_stop, Stop),
    throw(Stop).

%!  stopping is det.
%
%   Throws the run's stop where one was thrown before.

stopping :-
    (   nb_current(arena_loop_stop, Stop), Stop \== none
    ->  throw(Stop)
    ;   true
    ).
