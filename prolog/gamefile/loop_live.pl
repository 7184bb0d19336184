:- module(arena_loop_live,
          [ live_run/6                % :Goal, +Input, +Decisions, -Outcome, -Trace, -Text
          ]).
:- use_module(library(lists), []).
:- use_module(loop_drive, []).

/** <module> Runs of a game's own loop kept alive between its moves

A state of a game played through its own loop is the list of decisions
taken (prolog/gamefile/loop_game.pl); a replay from the start finds its
next pick, so a long game costs more each move, and a whole game the
square of its length. Here a run waits in a thread of its own at its
pick, and a later state that extends its decisions is reached by
deciding on from there: one step a move. Two runs are kept, one for the
game as played (the referee's questions) and one for the AI's search
(the host's choose and search verbs set arena_loop_slot to search), so
that a search does not take the played game's run away. A state that
extends neither is replayed from the start in a new thread. Only one
run is ever running: the others wait for a decision, their game's facts
put aside (prolog/gamefile/loop_drive.pl, live_wait/6).
*/

:- dynamic run/6.                      % Slot, Goal, Thread, Queue, At, Message

:- meta_predicate live_run(0, +, +, -, -, -).

%!  live_run(:Goal, +Input, +Decisions, -Outcome, -Trace, -Text) is det.
%
%   As loop_run(Goal, Input, replay(Decisions), Outcome, Trace, Text)
%   (prolog/gamefile/loop_drive.pl), each step of a run within 4 s.

live_run(Goal, Input, Ds, Outcome, Trace, Text) :-
    (   nb_current(arena_loop_slot, Slot0), Slot0 == search -> Slot = search ; Slot = main ),
    (   run(Slot, Goal0, T, Q, At, Last),
        Goal0 =@= Goal,
        lists:append(At, Rest, Ds)
    ->  retract(run(Slot, Goal0, T, Q, At, Last)),
        guarded(T, Q, advance(T, Q, Rest, Last, Msg))
    ;   stop_slot(Slot),
        message_queue_create(Q),
        thread_create(arena_loop_drive:live_body(Goal, Input, Ds, Q), T, []),
        guarded(T, Q, await(T, Q, Msg))
    ),
    (   Msg = arena_live_point(Outcome, Trace, Text)
    ->  assertz(run(Slot, Goal, T, Q, Ds, Msg))
    ;   Msg = arena_live_end(Outcome, Trace, Text),
        finish(T, Q)
    ).

guarded(T, Q, Goal) :-
    catch(Goal, E, ( stop(T, Q), throw(E) )).

%   advance(+T, +Q, +Rest, +Last, -Msg): the run decides Rest in turn;
%   Msg the point (or end) after them.
advance(T, Q, Rest, Last, Msg) :-
    (   Rest = [D|Ds]
    ->  thread_send_message(T, arena_live_decide(D)),
        await(T, Q, Msg1),
        (   Msg1 = arena_live_point(_, _, _)
        ->  advance(T, Q, Ds, Msg1, Msg)
        ;   Msg = Msg1
        )
    ;   Msg = Last
    ).

%   await(+T, +Q, -Msg): the run's next point or end, within 4 s; past
%   them, its end is time, with the picks and text it had then (a loop
%   that said the game's end, then ran on, ended there: loop_over/2).
await(T, Q, Msg) :-
    (   thread_get_message(Q, Msg0, [timeout(4)])
    ->  Msg = Msg0
    ;   stop(T, Q, End),
        (   End = arena_live_end(_, Trace, Text) -> true ; Trace = []-[], Text = "" ),
        Msg = arena_live_end(ended(time), Trace, Text)
    ).

stop_slot(Slot) :-
    forall(retract(run(Slot, _, T, Q, _, _)), stop(T, Q)).

%   stop(+T, +Q): the run ended: told to stop where it waits (or
%   interrupted where it runs), then joined.
stop(T, Q) :-
    stop(T, Q, _).

%   stop(+T, +Q, -End): End the run's last message, where it sent one.
stop(T, Q, End) :-
    End = arena_live_end(_, _, _),
    (   catch(thread_property(T, status(running)), _, fail)
    ->  catch(thread_send_message(T, arena_live_decide(stop)), _, true),
        (   thread_get_message(Q, End, [timeout(0.5)])
        ->  finish(T, Q)
        ;   catch(thread_signal(T, throw(arena_live_stop)), _, true),
            (   thread_get_message(Q, End, [timeout(2)])
            ->  finish(T, Q)
            ;   catch(thread_detach(T), _, true)
            )
        )
    ;   finish(T, Q)
    ).

finish(T, Q) :-
    catch(thread_join(T, _), _, true),
    catch(message_queue_destroy(Q), _, true).
