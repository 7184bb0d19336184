:- module(arena_loop_drive,
          [ loop_choice/3,            % +Kind, +List, -Chosen
            loop_run/6,               % +Goal, +Input, +Mode, -Outcome, -Trace, -Text
            loop_run/7,               % +Goal, +Input, +Mode, +Seconds, -Outcome, -Trace, -Text
            answers_input/2,          % +Answers, -Input
            loop_sleep/1,             % +Seconds
            live_body/4               % :Goal, +Input, +Decisions, +Queue
          ]).
:- use_module(rule_clock, [firm_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random), []).
:- use_module(loop_answer).
:- use_module(loop_stop, [stop_run/1, stopping/0, run_stop/1, clear_stop/0]).
:- use_module(loop_restart, []).
:- use_module(loop_watch, [loop_watch/1, watched_head/2, won_end/4]).
:- use_module(retries, [guard_retries/1]).
:- use_module('../sicstus_lib', [forget_kept_files/0]).

/** <module> A game played through its own loop

Where neither the rules nor a proposal give the contract, a course game's
own play/0 still plays: its menu set to computer against computer, its
computer players pick among the moves with random_member/2 (or
random_select/3, random/3, random_between/3, random/1). Here each such pick with
more than one alternative is a decision the arena makes: a state is the
list of decisions taken (loop(Decisions)), its moves the alternatives of
the next pick, found by running the loop again from the start (its menu
answered by the adapter's arena_loop/2, its random generator seeded, so
that every run is the same) until that pick. The game ends where the
loop ends (returns, reads past its answers, starts a new game, halts).

A game file's code module has this module among its import modules
(prolog/gamefile/load.pl) and its random picks go through loop_choice/3,
which picks as library(random) does unless a run drives them. Only in
the game host's jail.
*/

:- meta_predicate
    live_body(0, +, +, +),
    loop_run(0, +, +, -, -, -),
    loop_run(0, +, +, +, -, -, -).

%!  loop_choice(+Kind, +List, -Chosen) is det.
%
%   A random pick of the game's: member (random_member/2), select(Rest)
%   (random_select/3), range(Lo, Hi) (random/3), between(Lo, Hi)
%   (random_between/3), float (random/1: a float of (0, 1), the middle
%   of one of ten slices where a run drives it), written(Kind) (bounds written in the
%   clause: a score or a chance, no move over more than 64 numbers; program_fixes.pl).
%   A range of more than 1024 numbers is drawn as library(random) draws it.

loop_choice(Kind, List, Chosen) :-
    (   nb_current(arena_picking, on),  % prolog/gamefile/picked.pl: each in turn
        alternatives(Kind, List, Alts),
        Alts \== none
    ->  member(C, Alts),
        taken(Kind, List, C, Chosen)
    ;   nb_current(arena_loop, Drive),
        Drive = drive(_, _, _, _, _)
    ->  new_pick,
        alternatives(Kind, List, Alts),
        driven(Kind, List, Alts, Chosen)
    ;   plain(Kind, List, Chosen)
    ).

plain(member, List, X) :- random:random_member(X, List).
plain(select(Rest), List, X) :- random:random_select(X, List, Rest).
plain(range(Lo, Hi), _, X) :-          % an empty range fails, as in SICStus
    \+ ( number(Lo), number(Hi), Lo >= Hi ),
    random:random(Lo, Hi, X).
plain(between(Lo, Hi), _, X) :- random:random_between(Lo, Hi, X).
plain(float, _, X) :- random:random(X).
plain(written(Kind), List, X) :- plain(Kind, List, X).

alternatives(member, List, Alts) :- list_alts(List, Alts).
alternatives(select(_), List, Alts) :- list_alts(List, Alts).
alternatives(range(Lo, Hi), _, Alts) :- numbers(Lo, Hi - 1, 1024, Alts).
alternatives(between(Lo, Hi), _, Alts) :- numbers(Lo, Hi, 1024, Alts).
alternatives(written(range(Lo, Hi)), _, Alts) :- numbers(Lo, Hi - 1, 64, Alts).
alternatives(written(between(Lo, Hi)), _, Alts) :- numbers(Lo, Hi, 64, Alts).
alternatives(float, _, Alts) :-        % `random(R), N is floor(R * 6)`: ten even slices
    findall(X, ( between(0, 9, I), X is (2 * I + 1) / 20 ), Alts).

numbers(Lo, Top0, Max, Alts) :-       % Lo to Top0 (an expression), fewer than Max
    (   integer(Lo), ground(Top0), catch(Top is Top0, _, fail), integer(Top),
        Top >= Lo, Top - Lo < Max
    ->  numlist(Lo, Top, Alts)
    ;   Alts = none
    ).

list_alts(List, Alts) :-
    (   is_list(List), List \== [], ground(List)
    ->  list_to_set(List, Alts)
    ;   Alts = none
    ).

%   driven(+Kind, +List, +Alts, -X): X the decision the run's path gives,
%   else (a free run) a random one; a pick of one alternative, or of
%   alternatives that are no moves (a float, a partial list), is made as
%   library(random) makes it (the generator is seeded: runs agree).
driven(Kind, List, none, X) :-
    !,
    plain(Kind, List, X).
driven(Kind, List, [One], X) :-
    !,
    taken(Kind, List, One, X).
driven(Kind, List, Alts, X) :-
    decide(Alts, C),
    (   C1 = C
    ;   \+ collected,                  % asked only once the game refused C
        retry_order(C, Alts, Others),
        member(C1, Others),
        nb_getval(arena_loop, drive(_, _, _, [Mark|_], Out)),
        mark(Out, Mark)                 % refused in silence: nothing written or read
    ),
    taken(Kind, List, C1, X).

%!  typed_choice(+Alts, -C) is det.
%
%   A decision among answers to type at a question a person is asked in
%   play (prolog/gamefile/loop_answer.pl, where the adapter says
%   prompted(typed)), taken as a random pick's is.

typed_choice(Alts, C) :-
    decide(Alts, C),                    % a stop the game swallowed counts no pick
    new_pick.

%   decide(+Alts, -C): the decision the run's path gives, else (a free
%   run) one by its seed, else (a live run) the one its owner sends;
%   else the run stops at this point.
decide(Alts, C) :-
    stopping,
    nb_getval(arena_loop, drive(Mode, Path, Taken, Marks, Out)),
    mark(Out, Mark),
    (   same_mark(Marks, Mark, 0, 256)
    ->  stop_run(arena_loop_stuck)
    ;   true
    ),
    arena_loop_restart:restarted(Alts, Taken, Out),
    (   Path = [C|Rest]
    ->  (   memberchk(C, Alts)
        ->  nb_setval(arena_loop, drive(Mode, Rest, [C|Taken], [Mark|Marks], Out))
        ;   stop_run(arena_loop_diverged)
        )
    ;   Mode = free(Max, Seed)
    ->  length(Taken, N),
        (   N >= Max
        ->  stop_run(arena_loop_point(Alts, [Mark|Marks]))
        ;   true
        ),
        term_hash(pick(Seed, N), H),    % not the game's generator: a replay agrees
        length(Alts, Len),
        I is H mod Len,
        nth0(I, Alts, C),
        nb_setval(arena_loop, drive(Mode, [], [C|Taken], [Mark|Marks], Out))
    ;   Mode = live(Queue)
    ->  live_wait(Queue, Alts, Taken, [Mark|Marks], Out, C),
        nb_setval(arena_loop, drive(Mode, [], [C|Taken], [Mark|Marks], Out))
    ;   stop_run(arena_loop_point(Alts, [Mark|Marks]))
    ).

%   same_mark(+Marks, +Mark, +K0, +Max): the last Max decisions were all
%   taken at Mark, nothing written or read between them: the loop's
%   computer player accepts none of its choices (it is stuck).
same_mark([M|Ms], Mark, K0, Max) :-
    M == Mark,
    K is K0 + 1,
    (   K >= Max
    ->  true
    ;   same_mark(Ms, Mark, K, Max)
    ).

%   retry_order(+C, +Alts, -Others): after the decision C, on
%   backtracking (the game's test refused it: `repeat, random(0, 8, R),
%   ..., valid(R), !`) the other alternatives in turn, as the game's own
%   retries would come to them; a refusal then costs no decision. Not
%   where the game wrote or read since the pick (a failure-driven loop
%   that shows each pick's effect).
retry_order(C, Alts, Others) :-
    append(Before, [C|After], Alts),
    !,
    append(After, Before, Others).

%   collected: the pick is made inside findall/3 or the like, whose
%   backtracking asks for more answers, not a retry.
collected :-
    prolog_current_frame(F0),
    collected(F0, 200).

collected(F, N) :-
    N > 0,
    prolog_frame_attribute(F, parent, P),
    (   prolog_frame_attribute(P, predicate_indicator, PI),
        strip_module(PI, _, Name/_),
        memberchk(Name, [findall, findall_loop, findnsols, bagof, setof, aggregate_all,
                         forall, foreach, loop_run])
    ->  Name \== loop_run
    ;   N1 is N - 1,
        collected(P, N1)
    ).

%   live_wait(+Queue, +Alts, +Taken, +Marks, +Out, -C): a live run's next
%   pick (prolog/gamefile/loop_live.pl): the point told to its owner,
%   then its decision awaited, the game's facts kept meanwhile (other
%   runs use them).
live_wait(Queue, Alts, Taken, Marks, Out, C) :-
    flush_output(Out),
    written_text(Text),
    nb_getval(arena_loop_module, M),
    snapshot_facts(M, Snap),            % before the owner goes on: another run may start
    thread_send_message(Queue, arena_live_point(point(Alts), Taken-Marks, Text)),
    thread_get_message(arena_live_decide(C)),
    (   C == stop -> stop_run(arena_live_stop) ; true ),
    restore_facts(M, Snap),
    (   memberchk(C, Alts) -> true ; stop_run(arena_loop_diverged) ).

%!  live_body(:Goal, +Input, +Decisions, +Queue) is det.
%
%   A live run's thread: Goal run to the pick after Decisions, then on
%   as its owner decides; its end is told to Queue.

live_body(Goal, Input, Ds, Queue) :-
    open_null_stream(Null),             % the creator's streams may be gone by its end
    open_string("", Empty),
    set_output(Null),
    set_input(Empty),
    catch(loop_run(Goal, Input, live(Ds, Queue), none, Outcome, Trace, Text), E,
          ( Outcome = ended(error(E)), Trace = []-[], Text = "" )),
    thread_send_message(Queue, arena_live_end(Outcome, Trace, Text)),
    close(Null),
    close(Empty).

taken(select(Rest), List, C, C) :- !, selectchk(C, List, Rest).
taken(_, _, C, C).

%   mark(+Out, -Mark): the output written and the questions answered so
%   far (lines read, or where questions are answered from their prompts,
%   those that were no pause).
mark(Out, at(Chars, Lines)) :-
    character_count(Out, Chars),
    (   nb_current(arena_loop_io, io(_-_, _, _, _, _, _)),
        nb_current(arena_loop_asked, Lines0)
    ->  Lines = Lines0
    ;   stream_property(In, alias(user_input)),
        line_count(In, Lines)
    ).

%!  loop_run(:Goal, +Input, +Mode, -Outcome, -Trace, -Text) is det.
%!  loop_run(:Goal, +Input, +Mode, +Seconds, -Outcome, -Trace, -Text) is det.
%
%   Runs Goal (the game's play/0) with standard input Input (a text that
%   ends there) and its output kept in Text. Mode is replay(Decisions)
%   (stop at the next pick after them) or free(Max, Seed) (pick by Seed,
%   at most Max times). Outcome: point(Alts) (the next pick), or ended(Why)
%   where Why is returned, failed, input (read past its answers),
%   restart (a new game), halt, time, diverged, stuck (256 decisions
%   with nothing written or read between), flood (it wrote more than
%   loop_answer's bound: it writes for ever), refused (it refused every
%   answer typed at a person's question) or error(E). Trace is
%   Taken-Marks, the decisions taken and the marks (output and input
%   positions) at each pick, latest first. The run stops after Seconds
%   (4 by default; none: no limit). Mode live(Decisions, Queue) is a
%   replay that goes on as decisions come (live_body/4). The lines of
%   input it read are left in the global variable arena_loop_lines.

loop_run(Goal, Input, Mode, Outcome, Trace, Text) :-
    loop_run(Goal, Input, Mode, 4, Outcome, Trace, Text).

loop_run(Goal, Input, Mode, Seconds, Outcome, Taken-Marks, Text) :-
    current_prolog_flag(arena_game_jail, true),
    (   Mode = replay(Path) -> RunMode = replay
    ;   Mode = live(Path, Queue) -> RunMode = live(Queue)
    ;   Path = [], RunMode = Mode
    ),
    random_property(state(Saved)),
    findall(S, stream_property(S, file_no(_)), Before),
    forget_kept_files,
    clear_written,
    clear_stop,
    output_stream(Out),
    input_stream(Input, Out, In),
    set_stream(In, eof_action(error)),
    stream_property(OldIn, alias(user_input)),
    current_input(OldCurrent),
    current_output(OldOut),
    Goal = M:_,
    loop_watch(M),
    guard_retries(M),
    initial_facts(M, Facts),
    restore_facts(M, Facts),
    setup_call_cleanup(
        ( set_stream(In, alias(user_input)), set_input(In), set_output(Out),
          set_random(seed(20261203)),
          nb_setval(arena_loop, drive(RunMode, Path, [], [], Out)),
          nb_setval(arena_loop_module, M) ),
        catch(within(Seconds, ( copy_term(Goal, Run),      % `start(_)` called anew
                                ( Run -> Why = returned ; Why = failed ) )), E0, true),
        ( nb_getval(arena_loop, drive(_, _, Taken, Marks0, _)),
          run_stop(Stop),                       % before the streams are closed:
          clear_stop,                           % their last writes stop nothing
          nb_setval(arena_loop, none),
          line_count(In, LinesRead),
          nb_setval(arena_loop_lines, LinesRead),
          set_random(state(Saved)),
          set_stream(OldIn, alias(user_input)), set_input(OldCurrent), set_output(OldOut),
          close(In), close(Out),
          close_opened(Before) )),
    (   Stop \== none
    ->  E = Stop                        % first, though the game's catch/3 took it
    ;   E = E0
    ),
    written_text(Text),
    clear_written,
    outcome(E, Why, Marks0, Marks, Outcome),
    won_end(M, Outcome, Taken, Marks).

%   close_opened(+Before): the streams the run opened and left open
%   (a file, a server's socket its loop closes only once a game ends:
%   the next run could not open it again, `eaddrinuse`)
%   closed: the next run opens them anew.
close_opened(Before) :-
    forall(( stream_property(S, file_no(_)),     % a file or a socket, not a memory stream
             \+ memberchk(S, Before),
             \+ stream_property(S, alias(_)) ),
           catch(close(S, [force(true)]), _, true)).

within(none, Goal) :-
    !,
    call(Goal).
within(Seconds, Goal) :-
    firm_time_limit(Seconds, Goal).

outcome(E, Why, Marks, Marks, ended(Why)) :- var(E), !.
outcome(arena_loop_point(Alts, Marks), _, _, Marks, point(Alts)) :- !.
outcome(arena_loop_restart, _, Marks, Marks, ended(restart)) :- !.
outcome(arena_loop_diverged, _, Marks, Marks, ended(diverged)) :- !.
outcome(arena_loop_stuck, _, Marks, Marks, ended(stuck)) :- !.
outcome(arena_loop_flood, _, Marks, Marks, ended(flood)) :- !.
outcome(arena_loop_refused, _, Marks, Marks, ended(refused)) :- !.
outcome(time_limit_exceeded, _, Marks, Marks, ended(time)) :- !.
outcome(error(permission_error(input, past_end_of_stream, _), _), _, Marks, Marks,
        ended(input)) :- !.
outcome(error(game_rule_halt(_), _), _, Marks, Marks, ended(halt)) :- !.
outcome(error(Formal, _), _, Marks, Marks, ended(input)) :-
    sub_term(end_of_file, Formal),      % end_of_file read where a number was asked
    !.
outcome(error(syntax_error(_), Context), _, Marks, Marks, ended(input)) :-
    nonvar(Context),
    Context = stream(_, _, _, _),
    !.
outcome(E, _, Marks, Marks, ended(error(E))).

%!  loop_sleep(+Seconds) is det.
%
%   sleep/1 of a game's code in the jail: no wait while a run drives its
%   loop (a pause between the computer's moves).

loop_sleep(Seconds) :-
    (   nb_current(arena_loop, Drive),
        Drive = drive(_, _, _, _, _)
    ->  true
    ;   sleep(Seconds)
    ).

%!  answers_input(+Answers, -Input) is det.
%
%   The text typed at the loop's questions: the lines Answers, then the
%   last of them again at every question (a level asked of each player,
%   a key pressed between moves).

answers_input(prompted(Dot), prompted(Dot)) :- !.
answers_input(Answers, Input) :-
    last(Answers, Last),
    length(Fill, 200),
    maplist(=(Last), Fill),
    append(Answers, Fill, Lines),
    atomic_list_concat(Lines, '\n', Input0),
    atom_concat(Input0, '\n', Input).

%   The game's own facts (its dynamic predicates' clauses): as loaded
%   (initial_facts/2, taken at the first run), or as a run left them.
:- dynamic initial_snapshot/2.

initial_facts(M, Snap) :-
    (   initial_snapshot(M, Snap0)
    ->  Snap = Snap0
    ;   ignore(catch(arena_gamefile_facts:facts_fresh(M), _, true)),  % as loaded, not
        snapshot_facts(M, Snap),        % as the trials of a proposal left them
        assertz(initial_snapshot(M, Snap))
    ).

snapshot_facts(M, Snap) :-
    findall(Head-Clauses,
            ( dynamic_head(M, Head),
              findall((Head :- Body), clause(M:Head, Body), Clauses) ),
            Snap).

restore_facts(M, Snap) :-
    forall(dynamic_head(M, Head), retractall(M:Head)),
    forall(( member(_-Clauses, Snap), member(Clause, Clauses) ), assertz(M:Clause)).

dynamic_head(M, Head) :-
    current_predicate(M:Name/Arity),
    \+ sub_atom(Name, 0, _, _, '$wrap$'),  % the original of a wrapped one
    functor(Head, Name, Arity),
    \+ predicate_property(M:Head, imported_from(_)),
    \+ watched_head(M, Name/Arity),
    predicate_property(M:Head, dynamic),
    \+ predicate_property(M:Head, imported_from(_)).
