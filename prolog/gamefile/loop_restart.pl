:- module(arena_loop_restart,
          [ restarted/3                % +Alts, +Taken, +Out
          ]).
:- use_module(loop_stop, []).
:- use_module(library(lists)).
:- use_module(loop_answer, []).
:- use_module(loop_winner, []).

/** <module> A new game begun in the same run of a game's loop, or none

Many course loops ask, once a game ends, whether to play again and begin
the next game themselves ("Tap any key and Enter to play again"), not
through play/0 or initial_state, which prolog/gamefile/loop_watch.pl
watches. The next game's first pick is known by three signs together:
the alternatives of the run's first pick again, the text before it
ending as the text before the first pick did (the first board and whose
turn it is, a line at least), and a line since the last pick that says
a win or a draw.

A computer player that can never choose a move its game accepts
(`random(1, 5, P)` where only position 5 is left) and is told so each
time ("INVALID MOVE, try again") writes the same text between its picks
for ever: after 256 such picks in a row the run is stuck, as one that
writes nothing between its picks is.
*/

%!  restarted(+Alts, +Taken, +Out) is det.
%
%   At a pick among Alts after the decisions Taken (latest first), with
%   the run's output Out: throws arena_loop_restart where a new game
%   has begun, arena_loop_stuck where the same refusal came 256 times in
%   a row; else notes what the next pick compares with.

restarted(Alts, Taken, Out) :-
    flush_output(Out),
    (   nb_current(arena_loop_io, io(_, _, _, _, _, Chunk)) -> true ; Chunk = 0 ),
    (   Taken == []
    ->  text_from(0, Chunk, Before0),
        string_length(Before0, L),
        (   L > 4000 -> sub_string(Before0, _, 4000, 0, Before) ; Before = Before0 ),
        nb_setval(arena_loop_first, first(Alts, Before)),
        nb_setval(arena_loop_refusals, none-0)
    ;   nb_current(arena_loop_chunk, From),
        text_from(From, Chunk, Since),
        refused_again(Since),
        nb_current(arena_loop_first, first(First, Before)),
        First == Alts,
        same_end(Before, Since),
        arena_loop_winner:an_end_said(Since)
    ->  arena_loop_stop:stop_run(arena_loop_restart)
    ;   true
    ),
    nb_setval(arena_loop_chunk, Chunk).

%   refused_again(+Since): counts the picks in a row with the same text
%   between them, a refusal (nothing between the picks of one try);
%   throws arena_loop_stuck at 256.
refused_again(Since) :-
    (   Since == ""                     % the picks of one try ("row", "column")
    ->  true
    ;   nb_current(arena_loop_refusals, Last-N0),
        Last == Since
    ->  N is N0 + 1,
        (   N >= 256 -> arena_loop_stop:stop_run(arena_loop_stuck) ; true ),
        nb_setval(arena_loop_refusals, Last-N)
    ;   string_lower(Since, Lower),
        member(W, ["invalid", "try again", "not valid", "not allowed", "illegal",
                   "inválid", "tente novamente", "tenta novamente"]),
        sub_string(Lower, _, _, _, W)
    ->  nb_setval(arena_loop_refusals, Since-1)
    ;   nb_setval(arena_loop_refusals, none-0)
    ).

text_from(From, To, Text) :-
    Last is To - 1,
    findall(S, ( between(From, Last, I), arena_loop_answer:written(I, S) ), Strings),
    atomics_to_string(Strings, Text).

%   same_end(+A, +B): A and B, spaces at their ends put aside, end in the
%   same text, a line break within it.
same_end(A0, B0) :-
    split_string(A0, "", " \t\r\n", [A]),
    split_string(B0, "", " \t\r\n", [B]),
    string_length(A, LA),
    string_length(B, LB),
    Max is min(min(LA, LB), 4000),
    same_tail(A, LA, B, LB, 0, Max, N),
    N > 0,
    sub_string(A, _, N, 0, Tail),
    sub_string(Tail, _, _, _, "\n"),
    !.

same_tail(A, LA, B, LB, N0, Max, N) :-
    N0 < Max,
    IA is LA - N0,
    IB is LB - N0,
    string_code(IA, A, C),
    string_code(IB, B, C),
    !,
    N1 is N0 + 1,
    same_tail(A, LA, B, LB, N1, Max, N).
same_tail(_, _, _, _, N, _, N).
