:- module(arena_loop_drive,
          [ loop_choice/3,            % +Kind, +List, -Chosen
            loop_run/6,               % +Goal, +Input, +Mode, -Outcome, -Trace, -Text
            loop_run/7,               % +Goal, +Input, +Mode, +Seconds, -Outcome, -Trace, -Text
            answers_input/2,          % +Answers, -Input
            loop_answers/1,           % -Answers
            loop_question/1,          % -Asked
            loop_sleep/1              % +Seconds
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random), []).
:- use_module(library(prolog_stream)).
:- use_module(loop_answer).

/** <module> A game played through its own loop

Where neither the rules nor a proposal give the contract, a course game's
own play/0 still plays: its menu set to computer against computer, its
computer players pick among the moves with random_member/2 (or
random_select/3, random/3, random_between/3). Here each such pick with
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
    loop_run(0, +, +, -, -, -),
    loop_run(0, +, +, +, -, -, -).

%!  loop_choice(+Kind, +List, -Chosen) is det.
%
%   A random pick of the game's: member (random_member/2), select(Rest)
%   (random_select/3), range(Lo, Hi) (random/3), between(Lo, Hi)
%   (random_between/3).

loop_choice(Kind, List, Chosen) :-
    (   nb_current(arena_loop, Drive),
        Drive = drive(_, _, _, _, _)
    ->  alternatives(Kind, List, Alts),
        driven(Kind, List, Alts, Chosen)
    ;   plain(Kind, List, Chosen)
    ).

plain(member, List, X) :- random:random_member(X, List).
plain(select(Rest), List, X) :- random:random_select(X, List, Rest).
plain(range(Lo, Hi), _, X) :- random:random(Lo, Hi, X).
plain(between(Lo, Hi), _, X) :- random:random_between(Lo, Hi, X).

alternatives(member, List, Alts) :- list_alts(List, Alts).
alternatives(select(_), List, Alts) :- list_alts(List, Alts).
alternatives(range(Lo, Hi), _, Alts) :-
    (   integer(Lo), integer(Hi), Hi - Lo =< 64, Hi > Lo
    ->  Top is Hi - 1, numlist(Lo, Top, Alts)
    ;   Alts = none
    ).
alternatives(between(Lo, Hi), _, Alts) :-
    (   integer(Lo), integer(Hi), Hi - Lo < 64, Hi >= Lo
    ->  numlist(Lo, Hi, Alts)
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
    nb_getval(arena_loop, drive(Mode, Path, Taken, Marks, Out)),
    mark(Out, Mark),
    (   Path = [C|Rest]
    ->  (   memberchk(C, Alts)
        ->  nb_setval(arena_loop, drive(Mode, Rest, [C|Taken], [Mark|Marks], Out))
        ;   throw(arena_loop_diverged)
        )
    ;   Mode = free(Max, Seed)
    ->  length(Taken, N),
        (   N >= Max
        ->  throw(arena_loop_point(Alts, [Mark|Marks]))
        ;   true
        ),
        term_hash(pick(Seed, N), H),    % not the game's generator: a replay agrees
        length(Alts, Len),
        I is H mod Len,
        nth0(I, Alts, C),
        nb_setval(arena_loop, drive(Mode, [], [C|Taken], [Mark|Marks], Out))
    ;   throw(arena_loop_point(Alts, [Mark|Marks]))
    ),
    taken(Kind, List, C, X).

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
%   restart (a new game), halt, time, diverged or error(E). Trace is
%   Taken-Marks, the decisions taken and the marks (output and input
%   positions) at each pick, latest first. The run stops after Seconds
%   (4 by default). The lines of input it read are left in the global
%   variable arena_loop_lines.

loop_run(Goal, Input, Mode, Outcome, Trace, Text) :-
    loop_run(Goal, Input, Mode, 4, Outcome, Trace, Text).

loop_run(Goal, Input, Mode, Seconds, Outcome, Taken-Marks, Text) :-
    current_prolog_flag(arena_game_jail, true),
    (   Mode = replay(Path) -> RunMode = replay ; Path = [], RunMode = Mode ),
    random_property(state(Saved)),
    retractall(written(_, _)),
    open_prolog_stream(arena_loop_drive, write, Out, []),
    input_stream(Input, Out, In),
    set_stream(In, eof_action(error)),
    stream_property(OldIn, alias(user_input)),
    current_input(OldCurrent),
    current_output(OldOut),
    Goal = M:_,
    restart_watch(M),
    initial_facts(M, Facts),
    restore_facts(M, Facts),
    setup_call_cleanup(
        ( set_stream(In, alias(user_input)), set_input(In), set_output(Out),
          set_random(seed(20261203)),
          nb_setval(arena_loop, drive(RunMode, Path, [], [], Out)),
          nb_setval(arena_loop_starts, 0) ),
        catch(call_with_time_limit(Seconds, ( Goal -> Why = returned ; Why = failed )), E, true),
        ( nb_getval(arena_loop, drive(_, _, Taken, Marks0, _)),
          nb_setval(arena_loop, none),
          line_count(In, LinesRead),
          nb_setval(arena_loop_lines, LinesRead),
          set_random(state(Saved)),
          set_stream(OldIn, alias(user_input)), set_input(OldCurrent), set_output(OldOut),
          close(In), close(Out) )),
    findall(S, written(_, S), Strings),
    retractall(written(_, _)),
    atomic_list_concat(Strings, Text0),
    atom_string(Text0, Text),
    outcome(E, Why, Marks0, Marks, Outcome).

%   The loop's output: kept as it is flushed, written(Index, String),
%   so that a question can be read from what it wrote before it.
:- dynamic written/2.

:- public stream_write/2, stream_read/2, stream_close/1.

stream_write(_, String) :-
    (   nb_current(arena_loop_io, io(_, _, _, _, _, N)) -> true ; N = 0 ),
    assertz(written(N, String)),
    N1 is N + 1,
    (   nb_current(arena_loop_io, io(A, B, C, D, E, _))
    ->  nb_setval(arena_loop_io, io(A, B, C, D, E, N1))
    ;   nb_setval(arena_loop_io, io(none, none, 0, 0, [], N1))
    ).

%   input_stream(+Input, +Out, -In): the text Input, or prompted(Dot):
%   each question answered from what the loop wrote since it last read
%   (prolog/gamefile/loop_answer.pl), each answer followed by Dot (a
%   full stop for read/1, or nothing).
input_stream(prompted(Dot), Out, In) :-
    !,
    nb_setval(arena_loop_io, io(Dot-Out, none, 0, 0, [], 0)),
    nb_setval(arena_loop_asked, 0),
    nb_setval(arena_loop_question, none),
    open_prolog_stream(arena_loop_drive, read, In, []).
input_stream(Input, _, In) :-
    nb_setval(arena_loop_io, io(none, none, 0, 0, [], 0)),
    open_string(Input, In).

stream_read(_, Line) :-
    nb_getval(arena_loop_io, io(Dot-Out, Last0, Repeat0, From, Given, _)),
    flush_output(Out),
    nb_getval(arena_loop_io, io(_, _, _, _, _, N)),
    findall(S, ( written(I, S), I >= From ), Strings),
    atomic_list_concat(Strings, Prompt),
    length(Given, Asked),
    (   Asked >= 300
    ->  Line = ""
    ;   pause(Prompt)
    ->  Line = "\n",
        nb_setval(arena_loop_io, io(Dot-Out, Last0, 0, N, [''|Given], N))
    ;   prompt_answers(Prompt, Answers),
        question_key(Prompt, Answers, Key),
        (   asked_again(Key, Last0, Prompt) -> Repeat is Repeat0 + 1 ; Repeat = 0 ),
        length(Answers, Len),
        I is Repeat mod Len,
        nth0(I, Answers, Answer),
        format(string(Line), "~w~w~n", [Answer, Dot]),
        nb_getval(arena_loop_asked, A0),
        A is A0 + 1,
        nb_setval(arena_loop_asked, A),
        Key = _-Tail,
        nb_setval(arena_loop_question, asked(Tail, Repeat, Answers)),
        nb_setval(arena_loop_io, io(Dot-Out, Key, Repeat, N, [Answer|Given], N))
    ).

%   pause(+Prompt): the loop waits for a key between moves ("press
%   enter to continue"): an empty line answers it.
pause(Prompt) :-
    string_length(Prompt, L),
    (   L > 120 -> sub_string(Prompt, _, 120, 0, Tail) ; Tail = Prompt ),
    string_lower(Tail, Lower),
    (   sub_string(Lower, _, _, _, "press"),
        once(( member(W, ["enter", "key", "continue", "return"]), sub_string(Lower, _, _, _, W) ))
    ;   sub_string(Lower, _, _, _, "continue"),
        \+ sub_string(Lower, _, _, _, "?"),
        \+ sub_string(Lower, _, _, _, "y/n")
    ),
    !.

stream_close(_).

%!  loop_question(-Asked) is semidet.
%
%   The last question of the last prompted run: asked(Tail, Repeat,
%   Answers), its text's end, how many answers it refused before the
%   last, the answers tried in turn.

loop_question(Asked) :-
    nb_current(arena_loop_question, Asked),
    Asked = asked(_, _, _).

question_key(Prompt, Answers, Answers-Tail) :-
    string_length(Prompt, L),
    (   L > 80 -> sub_string(Prompt, _, 80, 0, Tail) ; Tail = Prompt ).

%   asked_again(+Key, +Last, +Prompt): the same question again, after an
%   answer it refused (it says so, or asks in the same words).
asked_again(Answers-Tail, Answers-Tail0, Prompt) :-
    (   Tail == Tail0
    ->  true
    ;   string_lower(Prompt, Lower),
        member(W, ["invalid", "again", "not valid", "wrong", "error", "try", "must", "only"]),
        sub_string(Lower, _, _, _, W)
    ),
    !.

%!  loop_answers(-Answers) is det.
%
%   The answers the last prompted run gave, in order ('' at a pause).

loop_answers(Answers) :-
    (   nb_current(arena_loop_io, io(_, _, _, _, Given, _))
    ->  reverse(Given, Answers)
    ;   Answers = []
    ).

outcome(E, Why, Marks, Marks, ended(Why)) :- var(E), !.
outcome(arena_loop_point(Alts, Marks), _, _, Marks, point(Alts)) :- !.
outcome(arena_loop_restart, _, Marks, Marks, ended(restart)) :- !.
outcome(arena_loop_diverged, _, Marks, Marks, ended(diverged)) :- !.
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

%   restart_watch(+M): the game's initial_state and its entry are
%   watched (once, for good: a wrapper left in place costs one test a
%   call), a second call starting a new game: the one played has ended.
:- dynamic watched/1.

restart_watch(M) :-
    (   watched(M)
    ->  true
    ;   forall(( member(Name/Arity, [initial_state/1, initial_state/2, initial_state/3,
                                     play/0, main/0, start/0]),
                 functor(Head, Name, Arity),
                 current_predicate(M:Name/Arity),
                 \+ predicate_property(M:Head, imported_from(_)) ),
               wrap_predicate(M:Head, arena_loop_restart, Wrapped,
                              ( arena_loop_drive:started, Wrapped ))),
        assertz(watched(M))
    ).

:- public started/0.

started :-
    (   nb_current(arena_loop, Drive),
        Drive = drive(_, _, Taken, _, _)
    ->  nb_getval(arena_loop_starts, N0),
        N is N0 + 1,
        nb_setval(arena_loop_starts, N),
        (   N > 2,                      % play/0 then initial_state: the first game
            Taken \== []
        ->  throw(arena_loop_restart)
        ;   true
        )
    ;   true
    ).

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

answers_input(prompted(Dot), prompted(Dot)) :-
    !.
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

%   watched_head(+PI): wrapped by restart_watch/1, never a fact (SWI-Prolog
%   9.0 crashes when asked predicate_property/2 of the '$wrap$' original
%   of a wrapped predicate).
watched_head(PI) :-
    memberchk(PI, [initial_state/1, initial_state/2, initial_state/3, play/0, main/0, start/0]).

initial_facts(M, Snap) :-
    (   initial_snapshot(M, Snap0)
    ->  Snap = Snap0
    ;   snapshot_facts(M, Snap),
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
    \+ watched_head(Name/Arity),
    predicate_property(M:Head, dynamic),
    \+ predicate_property(M:Head, imported_from(_)).
