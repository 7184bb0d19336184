:- module(arena_host,
          [ main/0                    % run from the command line
          ]).
:- use_module('../gamefile/rule_clock', [firm_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(random)).
:- use_module(library(time)).
:- use_module(library(unix), [fork/1, wait/2]).
:- use_module(host_load).
:- use_module(host_args).
:- use_module(host_reply).
:- use_module(host_unchecked).
:- use_module('../host_protocol').

/** <module> Hosts one untrusted bot in its own swipl process

Started by `pybridge/host/bot_host.py`, inside bubblewrap unless isolation is
off, as

    swipl -x HOSTSTATE -- ARGS    (the saved state: pybridge/host/saved_state.py)
    swipl -f none -q prolog/bots/host.pl -- ARGS

ARGS are read by host_args.pl: the pipes' file descriptors (--in-fd,
--out-fd), --game GAME, --seat, limits and the bot's file.

GAME is a built-in game's id (prolog/games/GAME.pl) or
`arena_file_game_proxy` (a game file, prolog/file_game.pl). The saved
state holds this module and every game already compiled; run from
source, the host loads its game.

host_load.pl reads, checks and loads the bot; host_reply.pl words the
verdict of a move; this module serves a line protocol on two pipes of
its own (file descriptors N and M, prolog/host_protocol.pl), never on
the standard streams, which carry what the bot prints: requests are
Prolog terms (read as data, never called), replies one JSON object per
line. Every request carries a nonce, which its reply repeats.

The host loads nothing of the bot before its first request,
`load(Nonce).`. First reply, after loading:

    {"nonce":N,"status":"ready","protocol":"pfl/3","seats":["first","second"]}
    {"nonce":N,"status":"refused","detail":"line 4: choose_move/3 calls shell/1, ...",
     "problems":["line 4: choose_move/3 calls shell/1, ..."]}

Then, per request `move(Nonce, StateText, last(MoveText), Seconds).` (the
opponent's last move; `none` instead at the start), a reply
`{"nonce":N,"verdict":V,"move":Text,"raw":Raw,"detail":D,"ms":Ms,"out":Bytes}`,
V one of `ok`, `illegal` (no move text: non-ground or not a move term of
the game), `timeout`, `no_move` (failed) or `crashed` (threw, stack
overflow). End of input ends the process.

A bot loaded by `load(Nonce, keep).` serves games only, each in a fresh
copy of itself (its load has no time limit of its own): after
`fork(Nonce, Seed).` a child process (random seed Seed) answers
`{"nonce":N,"status":"forked"}` and serves that game's moves; after
`end(Nonce).` it answers `{"nonce":N,"status":"ended","out":Bytes}` and
exits, and the loaded bot waits for the next game. A child that dies
otherwise is reported as `{"child":"gone","detail":Status}`.

Protocols, detected from what the bot's file defines:

  - PFL: choose_move(+State, +Level, -Move), choose_move(+State,
    +Player, +Level, -Move) or choose_move(+State, -Move).
  - classic (1999): x_inicia(-Move), x_responde(+OpponentMove, -Move)
    for the first player (x), o_inicia(+OpponentMove, -Move),
    o_responde(+OpponentMove, -Move) for the second (o), whatever the
    game names its players. The bot keeps its own state, typically in
    its own dynamic predicates.

Every call runs with the bot's output sent to stderr, no input, a time
limit and an inference limit; the stack limit is the process's. No
message is ever printed: user:message_hook/3 drops them all, so that a
message term made by the bot is never turned into text.
*/

:- meta_predicate
    run_limited(0, +, +, -).

:- initialization(main, main).

:- dynamic
    host_directory/1,               % Directory of this file
    in_game/0,                      % This process is a game's child
    kept/0,                         % Loaded to fork games from
    output_base/1,                  % Bytes printed before the fork
    current_nonce/1,                % Nonce of the request being served
    own_moves/1.                    % Count

:- multifile user:message_hook/3.
user:message_hook(_, _, _).

%!  main is det.
%
%   Parses the arguments, opens the protocol pipes, loads the game and
%   the bot, reports, and serves moves until end of input.

main :-
    set_prolog_flag(debug_on_error, false),
    set_prolog_flag(report_error, false),
    set_prolog_flag(tty_control, false),
    set_prolog_flag(verbose, silent),
    set_prolog_flag(generate_debug_info, false),
    set_prolog_flag(autoload, true),    % a saved state has it off
    current_prolog_flag(argv, Argv),
    catch(arguments(Argv, Options, BotFile), error(Formal, _),
          ( format(user_error, "bad arguments: ~q~n", [Formal]), halt(2) )),
    option(stack_mb(StackMb), Options, 256),
    StackBytes is StackMb * 1024 * 1024,
    set_prolog_flag(stack_limit, StackBytes),
    TableBytes is max(16, StackMb // 4) * 1024 * 1024,
    set_prolog_flag(table_space, TableBytes),
    protocol_streams(Options),
    option(game(Game), Options),
    option(seat(Seat), Options, any),
    option(seed(Seed), Options, 0),
    option(load_seconds(LoadSeconds), Options, 10),
    set_random(seed(Seed)),
    catch(load_game(Game), Error,
          ( error_text(Error, Text),
            format(user_error, "cannot load the game ~q: ~s~n", [Game, Text]),
            halt(2) )),
    assertz(arena_bot_facts:game_module(Game)),
    request(Go),                        % limits are set before it comes
    (   Go = load(Nonce)
    ->  (   option(unchecked(test), Options)
        ->  Load = unchecked_load(BotFile, Seat, Hello)
        ;   Load = load_bot(BotFile, Seat, Hello)
        ),
        Limited = firm_time_limit(LoadSeconds, Load)
    ;   Go = load(Nonce, keep)
    ->  % it will fork games: no alarm may be set before a fork (the copy
        % would wait forever on the alarm thread it lacks); the caller
        % kills a load that takes too long
        assertz(kept),
        (   option(unchecked(test), Options)
        ->  Limited = unchecked_load(BotFile, Seat, Hello)
        ;   Limited = load_bot(BotFile, Seat, Hello)
        )
    ;   halt(0)
    ),
    get_time(T0),
    catch(Limited, Error, load_error(Error, LoadSeconds, Hello)),
    get_time(T1),
    LoadMs is round((T1 - T0) * 1000),
    (   Hello.status == ready,
        \+ kept
    ->  system_access_closed        % a kept host does it in each game's child
    ;   true
    ),
    reply(Nonce, Hello.put(ms, LoadMs)),
    (   Hello.status == ready
    ->  Protocol = Hello.protocol,
        serve(Protocol, Seat, Options)
    ;   true
    ),
    halt(0).

load_error(time_limit_exceeded, Seconds, _{status:refused, detail:Detail}) :-
    !,
    format(string(Detail), "loading took more than ~w s", [Seconds]).
load_error(Error, _, _{status:refused, detail:Detail}) :-
    error_text(Error, Detail).

%!  load_game(+Game) is det.
%
%   Makes the module Game ready: found in the saved state, else loaded
%   from prolog/games/Game.pl, or prolog/file_game.pl for a game file,
%   whose game it then loads.

load_game(Game) :-
    (   current_module(Game),
        current_predicate(Game:initial_state/2)
    ->  true
    ;   (   Game == arena_file_game_proxy
        ->  Rel = '../file_game.pl'
        ;   format(atom(Rel), "../games/~w.pl", [Game])
        ),
        host_directory(Dir),
        absolute_file_name(Rel, File, [relative_to(Dir), access(read), file_errors(fail)])
    ->  use_module(File, [])
    ;   existence_error(game, Game)
    ),
    (   Game == arena_file_game_proxy
    ->  arena_file_game_proxy:load_from_environment
    ;   true
    ).

:- prolog_load_context(directory, Dir),
   assertz(host_directory(Dir)).

%!  serve(+Protocol, +Seat, +Options) is det.
%
%   Answers requests until end of input.

serve(Protocol, Seat, Options) :-
    request(Request),
    (   Request == end_of_file
    ->  true
    ;   Request = fork(Nonce, Seed),
        integer(Seed),
        kept,
        \+ in_game
    ->  fork_game(Nonce, Seed),
        serve(Protocol, Seat, Options)
    ;   kept,
        \+ in_game,
        Request = move(Nonce, _, _, _)
    ->  reply(Nonce, _{verdict:crashed, detail:"a kept bot plays only in forked games"}),
        serve(Protocol, Seat, Options)
    ;   Request = end(Nonce),
        in_game
    ->  flush_output(user_error),
        output_bytes(Out),
        reply(Nonce, _{status:ended, out:Out}),
        halt(0)
    ;   Request = move(Nonce, StateText, Last, Seconds),
        catch(term_string(State, StateText), _, fail)
    ->  retractall(current_nonce(_)),
        assertz(current_nonce(Nonce)),
        move_reply(Protocol, Seat, State, Last, Seconds, Options, Reply),
        reply(Nonce, Reply),
        serve(Protocol, Seat, Options)
    ;   Request = move(Nonce, _, _, _)
    ->  reply(Nonce, _{verdict:crashed, detail:"bad request"}),
        serve(Protocol, Seat, Options)
    ;   true                            % no nonce to answer: end
    ).

%!  fork_game(+Nonce, +Seed) is det.
%
%   One game in a copy of this process, the bot as it was just loaded:
%   the copy (the child) answers this request and serves the game's
%   moves until `end(Nonce)`, then exits; this process waits for it
%   and serves the next request. Requests and replies share the
%   pipes, one process at a time. If the child dies otherwise, the
%   parent says so in a reply without a nonce.

fork_game(Nonce, Seed) :-
    flush_output(user_error),
    fork(Pid),
    (   Pid == child
    ->  assertz(in_game),
        system_access_closed,
        set_random(seed(Seed)),
        retractall(own_moves(_)),
        assertz(own_moves(0)),
        output_bytes(Base),
        retractall(output_base(_)),
        assertz(output_base(Base)),
        reply(Nonce, _{status:forked})
    ;   wait(Pid, Status),
        (   Status == exited(0)
        ->  true
        ;   format(string(Detail), "~w", [Status]),
            write_note(_{child:gone, detail:Detail})
        )
    ).

%!  move_reply(+Protocol, +Seat, +State, +Last, +Seconds, +Options, -Reply) is det.
%
%   Last is last(MoveText), the opponent's last move, or none.

move_reply(Protocol, Seat, State, Last, Seconds, Options, Reply) :-
    game_module(Game),
    bot_module(Bot),
    option(level(Level), Options, 2),
    option(inferences(Inferences), Options, 100_000_000),
    (   Last = last(LastText)
    ->  (   Game:move_text(Opponent, LastText)
        ->  true
        ;   Opponent = LastText
        )
    ;   Opponent = none
    ),
    bot_goal(Protocol, Seat, Game, State, Level, Opponent, Move0, Goal),
    get_time(T0),
    % the move is copied without attributes under the limits: no goal
    % frozen on it runs later
    run_limited((Bot:Goal, copy_term_nat(Move0, Move)), Seconds, Inferences, Outcome),
    get_time(T1),
    Ms is round((T1 - T0) * 1000),
    flush_output(user_error),
    (   Outcome == false
    ->  failed_call(Goal, Move0, Call),
        format(string(Detail), "the bot failed: ~s", [Call]),
        Reply0 = _{verdict:no_move, detail:Detail, call:Call}
    ;   outcome_reply(Outcome, Game, State, Move, Seconds, Inferences, Reply0)
    ),
    output_bytes(Out),
    Reply = Reply0.put(_{ms:Ms, out:Out}).

%   output_bytes(-Bytes): how many bytes the bot has printed so far (the
%   caller reads them from the process's stderr, which may lag behind).
output_bytes(Bytes) :-
    (   stream_property(user_error, position(Pos)),
        stream_position_data(byte_count, Pos, Bytes0)
    ->  (   output_base(Base)
        ->  Bytes is Bytes0 - Base      % in a game's child: since the fork
        ;   Bytes = Bytes0
        )
    ;   Bytes = 0
    ).

%!  bot_goal(+Protocol, +Seat, +Game, +State, +Level, +Opponent, -Move, -Goal) is det.
%
%   The call that asks the bot for Move. Classic bots: the first player
%   is x; x_inicia/o_inicia answer the bot's first own move.

bot_goal('pfl/3', _, _, State, Level, _, Move, choose_move(State, Level, Move)).
bot_goal('pfl/4', _, Game, State, Level, _, Move,
         choose_move(State, Player, Level, Move)) :-
    Game:current_player(State, Player).
bot_goal('pfl/2', _, _, State, _, _, Move, choose_move(State, Move)).
bot_goal(classic, Seat0, Game, State, _, Opponent, Move, Goal) :-
    (   Seat0 == any
    ->  Game:players([First, _]),
        Game:current_player(State, Player),
        (   Player == First
        ->  Seat = first
        ;   Seat = second
        )
    ;   Seat = Seat0
    ),
    retract(own_moves(N0)),
    N is N0 + 1,
    assertz(own_moves(N)),
    classic_goal(Seat, N0, Opponent, Move, Goal).

own_moves(0).

classic_goal(first, 0, _, Move, x_inicia(Move)) :-
    !.                                  % green: the first own move
classic_goal(first, _, Opponent, Move, x_responde(Opponent, Move)).
classic_goal(second, 0, Opponent, Move, o_inicia(Opponent, Move)) :-
    !.                                  % green: the first own move
classic_goal(second, _, Opponent, Move, o_responde(Opponent, Move)).

%!  run_limited(:Goal, +Seconds, +Inferences, -Outcome) is det.
%
%   Runs Goal once with the bot's limits. Outcome is true, false,
%   inference_limit_exceeded or error(E).

run_limited(Goal, Seconds, Inferences, Outcome) :-
    (   Seconds > 0
    ->  Limited = firm_time_limit(Seconds, Counted)
    ;   Limited = Counted
    ),
    Counted = call_with_inference_limit(Goal, Inferences, Result),
    (   catch(Limited, E, aborted(E))
    ->  (   nonvar(E)
        ->  Outcome = error(E)
        ;   Result == inference_limit_exceeded
        ->  Outcome = Result
        ;   Outcome = true
        )
    ;   Outcome = false
    ).

%   abort/0 (which sandbox allows) throws '$aborted', which every catch
%   throws again after its recovery: answer, then end the process.

aborted(E) :-
    (   E == '$aborted'
    ->  current_nonce(Nonce),
        reply(Nonce, _{verdict:crashed, detail:"the bot called abort/0", ms:0}),
        halt(1)
    ;   true
    ).
