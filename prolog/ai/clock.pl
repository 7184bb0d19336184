:- module(arena_ai_clock,
          [ move_time/1,              % -Seconds
            within_move_time/2        % +Own, -Seconds
          ]).

/** <module> The move time a level is given

The referee's choose request (prolog/bridge.pl, choose/6) makes the move
time known for the length of one choice (with_move_time/3 of
prolog/gamefile/move_time.pl, global variable `arena_move_time`); a
built-in game's searching levels read it here and stop within it.

    ?- nb_setval(arena_move_time, 1), within_move_time(3, S).
    S = 0.85.
*/

%!  move_time(-Seconds) is det.
%
%   The move time of the choice being made, 0 when none was given.

move_time(Seconds) :-
    (   nb_current(arena_move_time, Seconds0),
        number(Seconds0)
    ->  Seconds = Seconds0
    ;   Seconds = 0
    ).

%!  within_move_time(+Own, -Seconds) is det.
%
%   Seconds is a level's own thinking time Own (an expression), cut to 0.85 of the move
%   time when there is one (the rest covers the search's last step and
%   the round trip).

within_move_time(Own, Seconds) :-
    move_time(T),
    (   T > 0
    ->  Seconds is min(Own, 0.85 * T)
    ;   Seconds is Own
    ).
