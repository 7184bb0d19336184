:- module(arena_gamehost,
          [ main/0                    % run from the command line
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(random)).
:- use_module(library(http/json)).
:- use_module(library(unix), [fork/1, wait/2]).
:- use_module(bridge).
:- use_module(contract, [contract/3]).
:- use_module(gamefile/load).
:- use_module(gamefile/propose).
:- use_module(gamefile/propose_code, [within_deadline/2]).
:- use_module(gamefile/propose_loopgame).
:- use_module(host_protocol, [host_arguments/5, protocol_streams/1, request/1, write_note/1,
                              write_line/1]).
:- use_module(gamehost_state).

/** <module> Hosts one game file in its own swipl process

Started by `pybridge/host/game_host.py`, inside bubblewrap unless isolation is
off, as

    swipl -x GAMEHOSTSTATE -- ARGS   (the saved state: pybridge/host/saved_state.py)
    swipl -f none -q prolog/gamehost.pl -- ARGS

    ARGS: --in-fd N --out-fd M \
          [--stack-mb S] [--seed X] [--dialect D] [--name ID] [--jail true] GAMEFILE

The referee's own Prolog engine never loads a game file: this process
does, with prolog/gamefile/load.pl (the file read as data, its course
variants mapped onto the contract, every rule call limited; with
`--jail true` the jail is the wall and the game may use what Prolog
offers, without library(sandbox)'s proof), and
answers the referee's questions with the predicates of prolog/bridge.pl
(prolog/gamehost_state.pl bounds the states and texts they give).
The protocol runs on two pipes of its own (file descriptors N and M,
prolog/host_protocol.pl), never on the standard streams, which carry
only what the game prints.
Requests are Prolog terms read as data, never called; each carries a
nonce that its reply repeats. Replies are one JSON object per line:

    {"nonce":N,"ok":true, ...answer...}
    {"nonce":N,"fail":true}
    {"nonce":N,"error":{"kind":K,"message":M}}

and notes without a nonce that let the caller's watchdog extend its
deadline and name the rule it kills: before a rule call in a request
that has run for 0.2 s, and on SIGUSR1 (asked true):

    {"rule":"valid_moves/2","limit":5,"asked":false}

The first request is `load(Nonce)`; its answer is

    {"nonce":N,"ok":true,"dialect":D,"missing":[...],"present":[...],"warnings":[...],
     "required":[...],"rule_seconds":S}

(required: the contract's required predicates, prolog/contract.pl;
rule_seconds: the time limit of one rule call, rule_limits/2 of
prolog/gamefile/load.pl) or an error of kind `game_refused`; `info(Nonce)` then gives the title,
players and options. Loaded, the process may be kept to fork games from:
`fork(Nonce)` starts a copy that serves one game (fork_game/1), ended by
`end(Nonce)`. States travel as the canonical
text this process writes (`~q`, standard operators only, at most
`state_limit/1` bytes); the caller holds them as text and sends them
back as quoted atoms. End of input ends the process.
*/

:- initialization(main, main).

:- dynamic
    in_game/0,                      % This process is a game's fork
    game_base/1,                    % Module of the game (its id)
    game_path/1,                    % the game file's absolute path
    noted/2.                        % PI, Time of the last note

%!  reply_limit(-Bytes) is det.

reply_limit(1_000_000).

%!  main is det.

main :-
    set_prolog_gc_thread(false),        % SWI-Prolog 9.0's gc thread once crashed a host (segv)
    wrap_predicate(system:break, arena_no_toplevel, _,   % however game code reaches it
                   arena_gamefile_safety:game_toplevel(break)),
    set_prolog_flag(debug_on_error, false),
    set_prolog_flag(report_error, false),
    set_prolog_flag(tty_control, false),
    set_prolog_flag(verbose, silent),
    set_prolog_flag(autoload, true),    % a saved state has it off
    current_prolog_flag(argv, Argv),
    catch(arguments(Argv, Options, File), error(Formal, _),
          ( format(user_error, "bad arguments: ~q~n", [Formal]), halt(2) )),
    option(stack_mb(StackMb), Options, 512),
    StackBytes is StackMb * 1024 * 1024,
    set_prolog_flag(stack_limit, StackBytes),
    option(seed(Seed), Options, 0),
    set_random(seed(Seed)),
    option(dialect(Dialect), Options, auto),
    option(name(Name), Options, game),
    option(jail(Jail), Options, false),
    create_prolog_flag(arena_game_jail, Jail, [type(boolean), access(read_only)]),
    atom_concat(Name, '#game', Base),   % never a library's module name
    assertz(game_base(Base)),
    get_time(Now),
    nb_setval(arena_request_start, Now),
    nb_setval(arena_rule, none-0),
    on_signal(usr1, _, arena_gamehost:asked),
    protocol_streams(Options),
    request(First),
    (   First = load(Nonce)
    ->  load_reply(File, Dialect, Reply),
        reply(Nonce, Reply),
        (   get_dict(ok, Reply, true)
        ->  serve
        ;   true
        )
    ;   true
    ),
    halt(0).

arguments(Argv, Options, File) :-
    host_arguments(Argv, flag_option, one_game_file, Options, File).

%   flag_option(+Flag, +Value, -Option): the game host's own flags.
flag_option('--name', Name, name(Name)).
flag_option('--jail', Jail, jail(Jail)) :-
    must_be(boolean, Jail).
flag_option('--dialect', D, dialect(D)) :-
    must_be(oneof([auto, swi, sicstus4]), D).

%!  reply(+Nonce, +Dict) is det.
%
%   One line of JSON; an answer larger than reply_limit/1 is replaced
%   by an error saying so.

reply(Nonce, Dict) :-
    catch(with_output_to(string(Line),
                         json_write_dict(current_output, Dict.put(nonce, Nonce), [width(0)])),
          _,
          Line = "bad"),
    reply_limit(Limit),
    (   Line \== "bad",
        string_length(Line, Length),
        Length =< Limit
    ->  Out0 = Line
    ;   format(string(Message), "its answer was larger than ~D bytes", [Limit]),
        with_output_to(string(Out0),
                       json_write_dict(current_output,
                                       _{nonce:Nonce, error:_{kind:game_rule, message:Message}},
                                       [width(0)]))
    ),
    write_line(Out0).

%   The watchdog's notes. Every rule call is recorded (a global
%   variable); a note is written only for a rule that starts when the
%   request has run for 0.2 s already (fast requests write none), and
%   half a second after the last note (a search that calls the rules by
%   the thousand writes two notes a second, not one a call).
%   SIGUSR1, which the caller sends before it kills a late host, writes
%   the rule being run.

:- multifile arena_gamefile:rule_hook/3.

arena_gamefile:rule_hook(_Game, PI, Seconds) :-
    nb_setval(arena_rule, PI-Seconds),
    get_time(Now),
    nb_getval(arena_request_start, Start),
    (   Now - Start < 0.2
    ->  true
    ;   noted(_, Then),
        Now - Then < 0.5
    ->  true                            % one note in half a second at most
    ;   retractall(noted(_, _)),
        assertz(noted(PI, Now)),
        note(PI, Seconds, false)
    ).

note(PI, Seconds, Asked) :-
    format(string(Text), "~w", [PI]),
    write_note(_{rule:Text, limit:Seconds, asked:Asked}).

:- public asked/1.

asked(_Signal) :-
    (   nb_current(arena_rule, PI-Seconds),
        PI \== none                     % a kept host waiting for its game's copy
    ->  note(PI, Seconds, true)
    ;   true
    ).

%!  fork_game(+Nonce) is det.
%
%   One game in a copy of this process, the file as it was just loaded:
%   the copy answers this request and every one until `end(Nonce)`,
%   then exits; this process waits for it and serves the next request.
%   The two share the pipes, one at a time. A process in which a time
%   limit was ever set cannot fork (the copy would wait forever on the
%   alarm thread it lacks): it answers `fail` and serves the game itself.
%   If the copy dies otherwise, this process says so in a line without
%   a nonce.

fork_game(Nonce) :-
    (   alarm_thread
    ->  reply(Nonce, _{fail:true})
    ;   flush_output(user_error),
        random_between(0, 1073741823, Seed),    % each copy's own draws, from this one's
        fork(Pid),
        (   Pid == child
        ->  set_random(seed(Seed)),
            assertz(in_game),
            reply(Nonce, _{ok:true, forked:true})
        ;   wait(Pid, Status),
            (   Status == exited(0)
            ->  true
            ;   format(string(Detail), "~w", [Status]),
                write_note(_{child:gone, detail:Detail})
            )
        )
    ).

%   alarm_thread: this process runs an operating-system thread that is
%   no Prolog thread (library(time)'s alarm scheduler, started by the
%   first time limit).

alarm_thread :-
    catch(directory_files('/proc/self/task', Entries), _, fail),
    exclude(dot_entry, Entries, Tasks),
    length(Tasks, OS),
    aggregate_all(count, thread_property(_, status(_)), Prolog),
    OS > Prolog.

dot_entry(Entry) :-
    sub_atom(Entry, 0, 1, _, '.').

%   load_reply(+File, +Dialect, -Reply)

load_reply(File, Dialect0, Reply) :-
    game_base(Game),
    assertz(game_path(File)),
    safe(load_file_game(File, Dialect0, Game, Dialect, Missing, Present), Result),
    (   Result == true,
        left_threads(Threads)
    ->  format(string(Message), "~w: loading it left ~w thread(s) running (a directive or \c
                                 initialization started them): a game's threads must \c
                                 end with its load, or no game can start from it",
               [File, Threads]),
        Reply = _{error:_{kind:game_file, message:Message}}
    ;   Result == true
    ->  findall(W, arena_gamefile_read:skipped_entry(W), Warnings0),
        sort(Warnings0, Warnings),
        findall(PI, ( contract(Name/Arity, required, _),
                      format(atom(PI), "~w/~w", [Name, Arity]) ), Required),
        rule_limits(RuleSeconds, _),
        Reply = _{ok:true, dialect:Dialect, missing:Missing, present:Present,
                  warnings:Warnings, required:Required, rule_seconds:RuleSeconds}
    ;   Result == false
    ->  Reply = _{fail:true}
    ;   error_reply(Result, Reply)
    ).

%   left_threads(-N): the game's load left N > 0 threads running, which
%   fork/1 refuses (fork_game/1 starts each game so).
left_threads(N) :-
    thread_self(Me),
    aggregate_all(count, ( thread_property(T, status(running)), T \== Me,
                           \+ thread_property(T, alias(gc)) ), N),
    N > 0.

error_reply(error(Kind, Message0), _{error:_{kind:Kind, message:Message}}) :-
    bounded_text(Message0, 4096, Message).

bounded_text(Text0, Limit, Text) :-
    (   catch(text_to_string(Text0, S), _, fail)
    ->  true
    ;   format(string(S), "~q", [Text0])
    ),
    (   string_length(S, L),
        L > Limit
    ->  sub_string(S, 0, Limit, _, Text)
    ;   Text = S
    ).

%!  serve is det.
%
%   Answers requests until end of input (or a request without a nonce).

serve :-
    request(Request),
    (   Request = fork(Nonce),
        atom(Nonce),
        \+ in_game
    ->  fork_game(Nonce),
        serve
    ;   Request = end(Nonce),
        atom(Nonce),
        in_game
    ->  flush_output(user_error),
        reply(Nonce, _{ok:true, ended:true}),
        halt(0)
    ;   compound(Request),
        arg(1, Request, Nonce),
        atom(Nonce)
    ->  retractall(noted(_, _)),
        get_time(Start),
        nb_setval(arena_request_start, Start),
        nb_setval(arena_rule, none-0),
        (   catch(answer(Request, Reply), Error, error_answer(Error, Reply))
        ->  true
        ;   Reply = _{error:_{kind:bad_request, message:"not a request"}}
        ),
        reply(Nonce, Reply),
        serve
    ;   true
    ).

error_answer(Error, Reply) :-
    format(string(Message), "~q", [Error]),
    error_reply(error(host, Message), Reply).

%   answer(+Request, -Reply): the request's goal under arena_bridge:safe/2.

answer(Request, Reply) :-
    Request =.. [Verb, _|Args],
    game_base(Game),
    verb(Verb, Game, Args, Goal, Answer),
    (   memberchk(Verb, [choose, search])   % a loop game's runs: prolog/gamefile/loop_live.pl
    ->  nb_setval(arena_loop_slot, search)
    ;   nb_setval(arena_loop_slot, main)
    ),
    safe(Goal, Result),
    (   Result == true
    ->  Reply = Answer.put(ok, true)
    ;   Result == false
    ->  Reply = _{fail:true}
    ;   error_reply(Result, Reply)
    ).

verb(info, G, [], info(G, T, Ps, Os), _{title:T, players:Ps, options:Os}).
verb(new_state, G, [Options], checked_state(new_state(G, Options, T), T, S), _{state:S}).
verb(new_state_config, G, [Config], checked_state(new_state_config(G, Config, T), T, S),
     _{state:S}).
verb(parse_state, G, [Text], checked_state(parse_state(G, Text, T), T, S), _{state:S}).
verb(state_info, G, [Text], state_info(G, Text, P, Ms, O), _{player:P, moves:Ms, over:O}).
verb(play_move, G, [Text, Move], played(G, Text, Move, D), D).
verb(move_error, G, [Text, Move], move_error(G, Text, Move, R), _{reason:R}).
verb(value, G, [Text, Player], state_value(G, Text, Player, V), _{value:V}).
verb(display, G, [Text, Last], bounded_display(G, Text, Last, O), _{output:O}).
verb(choose, G, [Text, Level, Seconds], choose(G, Text, Level, Seconds, M, N), _{move:M, note:N}).
verb(choose, G, [Text, Level, Seconds, Workers],
     ( arena_ai_generic:set_search_workers(Workers),
       choose(G, Text, Level, Seconds, M, N)
     ),
     _{move:M, note:N}).
verb(descriptions, G, [Text], move_descriptions(G, Text, Ps), _{pairs:Ps}).
verb(outcome, G, [Text], outcome(G, Text, W, R), _{winner:W, reason:R}).
verb(rules, G, [], rules(G, T), _{text:T}).
verb(seed, _, [Seed], seed(Seed), _{}).
verb(propose, G, [Config, Seconds, Loop], proposal(G, Config, Seconds, Loop, T, W),
     _{text:T, why:W}).
verb(propose_loop, G, [Loop], loop_only(G, Loop, T, W), _{text:T, why:W}).
verb(check, G, [Config, Options, CheckOptions],
     ( nb_setval(arena_check_notes, []),
       check_game(G, Config, Options, CheckOptions, Ps),
       arena_gamecheck:check_notes(Ns0),
       facts_notes(G, Ns0, Ns)
     ),
     _{problems:Ps, notes:Ns}).
verb(typed, G, [Typed], typed_move(G, Typed, T), _{move:T}).
verb(search, G, [Text, Seconds], searched(G, Text, Seconds, 1, N, Ss, _),
     _{iterations:N, stats:Ss}).
verb(search, G, [Text, Seconds, Workers], searched(G, Text, Seconds, Workers, N, Ss, K),
     _{iterations:N, stats:Ss, searches:K}).

:- public facts_notes/3, proposal/4.

%   facts_notes(+Game, +Notes0, -Notes): check-game's notes, and which
%   facts the states carry for a game that changes facts
%   (prolog/gamefile/facts.pl).

facts_notes(Game, Notes0, Notes) :-
    (   game_file_code(Game, Code),
        arena_gamefile_facts:facts_note(Code, Note)
    ->  append(Notes0, [Note], Notes)
    ;   Notes = Notes0
    ).

%   proposal(+Game, +ConfigText, +Seconds, +Loop, -Text, -Why): the adapter for a file
%   without players/1 or current_player/2 (prolog/gamefile/propose.pl), searched for
%   Seconds (40 at least), then through its own loop for Loop seconds; Text '' and Why
%   saying why when none could be inferred.

proposal(Game, ConfigText, Seconds0, Loop, Text, Why) :-
    game_file_code(Game, Code),
    game_path(File),
    file_base_name(File, Base),
    (   integer(Seconds0) -> Seconds is max(40, min(3600, Seconds0)) ; Seconds = 40 ),
    catch(( within_deadline(Seconds, propose_adapter(Code, ConfigText, Base, Text0))
          ->  Why0 = ''
          ;   Text0 = '',
              within_deadline(10, no_proposal_reason(Code, ConfigText, Why0))
          ),
          E,
          ( Text0 = '',
            proposal_stopped(E, Seconds, Why0)
          )),
    (   Text0 == '',
        ConfigText == ''
    ->  loop_proposal(Code, Base, Why0, Loop, Text, Why)
    ;   Text = Text0,
        Why = Why0
    ).

%   loop_only(+Game, +Loop, -Text, -Why): the adapter that plays the
%   game through its own loop, searched for Loop seconds, asked for where
%   the one over its rules failed its check.
loop_only(Game, Loop, Text, Why) :-
    game_file_code(Game, Code),
    game_path(File),
    file_base_name(File, Base),
    loop_proposal(Code, Base, 'the adapter over its rules failed its check', Loop, Text, Why).

proposal_stopped(arena_initial_loop(PI), _, Why) :-
    !,
    format(atom(Why), "~w did not answer within 5 s: it waits for the keyboard \c
                       (a loop reading it meets end of input in the arena); \c
                       write arena_initial_state/2 with the config its menu builds", [PI]).
proposal_stopped(arena_propose_slow(PI, Where), _, Why) :-
    !,
    (   Where == none
    ->  In = ''
    ;   format(atom(In), " it was in ~w", [Where])
    ),
    format(atom(Why), "~w ran past its 5 s limit three times on the states the trials \c
                       gave it (a loop?~w): write the adapter by hand, or make it \c
                       answer there", [PI, In]).
proposal_stopped(arena_propose_timeout, Seconds, Why) :-
    !,
    More is max(300, 4 * Seconds),
    format(atom(Why), "no adapter found in ~w s of trying configs and places in the \c
                       state (the rules answer slowly there): give check-game more \c
                       time (--time ~w), write current_player/2 by hand, or give the \c
                       config with --config", [Seconds, More]).
proposal_stopped(E, _, _) :-
    throw(E).
