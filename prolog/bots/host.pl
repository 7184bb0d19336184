:- module(arena_host,
          [ main/0                    % run from the command line
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(random)).
:- use_module(library(time)).
:- use_module(library(sandbox)).

/** <module> Hosts one untrusted bot in its own swipl process

Started by `pybridge/bots.py` as

    swipl -f none -q --no-threads --stack-limit=256m prolog/bots/host.pl -- \
          --game GAMEFILE --seat first|second|any [--level N] \
          [--inferences N] [--seed N] [--load-seconds S] BOTFILE

The host reads the bot's clauses itself (the bot's file is never
consulted), refuses what a bot may not do, loads the rest into the
module `arena_bot`, whose default import module is the game, so the bot
can call the game's rules and its own definitions win. Then it serves a
line protocol: requests are Prolog terms on stdin (read as data, never
called), replies one JSON object per line on the original stdout.

The host loads nothing of the bot before its first request, `load.`,
so that the caller can set the process's resource limits first. First
reply, after loading:

    {"status":"ready","protocol":"pfl/3","seats":["first","second"]}
    {"status":"refused","detail":"line 4: choose_move/3 calls shell/1, ...",
     "problems":["line 4: choose_move/3 calls shell/1, ..."]}

Then, per request `move(StateText, last(MoveText), Seconds).` (the
opponent's last move; `none` instead at the start), a reply `{"verdict":V,"move":Text,"raw":Raw,"detail":D,
"ms":Ms}`, V one of `ok`, `illegal` (no move text: non-ground or not a
move term of the game), `timeout`, `no_move` (failed) or `crashed`
(threw, stack overflow). End of input ends the process.

Protocols, detected from what the bot's file defines:

  - PFL: choose_move(+State, +Level, -Move), choose_move(+State,
    +Player, +Level, -Move) or choose_move(+State, -Move).
  - classic (1999): x_inicia(-Move), x_responde(+OpponentMove, -Move)
    for the first player (x), o_inicia(+OpponentMove, -Move),
    o_responde(+OpponentMove, -Move) for the second (o), whatever the
    game names its players. The bot keeps its own state, typically in
    its own dynamic predicates.

What is refused at load, each problem reported with its line: syntax
errors; directives other than module/2, dynamic/1, discontiguous/1,
op/3, set_prolog_flag(double_quotes, _), style_check/1 and use_module/1,2
or ensure_loaded/1 of the libraries in safe_library/1; clauses for
other modules or for built-in predicates; goals qualified with another
module; entry points that library(sandbox) safe_goal/1 does not prove
safe (a goal built at run time cannot be proved safe). Every call runs
with the bot's output sent to stderr, no input, a time limit and an
inference limit; the stack limit is the process's.
*/

:- meta_predicate
    run_limited(0, +, +, -).

:- initialization(main, main).

:- dynamic
    game_module/1,                  % Game
    bot_clause/4,                   % PI, Line, Head, Body
    bot_dynamic/1,                  % PI
    protocol_stream/2,              % Role (in, out), Stream
    own_moves/1,                    % Count
    bot_warning/2,                  % Line, Text
    bot_warning_for/1.              % PI

%!  bot_module(-Module) is det.
%
%   The module the bot's clauses live in.

bot_module(arena_bot).

% Writing to the current output is harmless here: it is the bot's
% stderr, drained into a bounded buffer by the Python side.
:- multifile sandbox:safe_primitive/1.
sandbox:safe_primitive(system:write(_)).
sandbox:safe_primitive(system:print(_)).
sandbox:safe_primitive(system:writeq(_)).
sandbox:safe_primitive(system:write_canonical(_)).
sandbox:safe_primitive(system:write_term(_, _)).
sandbox:safe_primitive(system:nl).
sandbox:safe_primitive(system:tab(_)).
sandbox:safe_primitive(system:put_char(_)).

% The game's rules are trusted: a call to a predicate the game module
% exports (its contract: data in, data out) is safe, whatever it calls
% inside. Not a meta-predicate, whose goal arguments would escape the
% check; what the game does not export is checked like the bot's code.
:- multifile sandbox:safe_meta/2.
sandbox:safe_meta(Module:Goal, []) :-
    game_module(Game),
    Module == Game,
    callable(Goal),
    predicate_property(Game:Goal, exported),
    \+ predicate_property(Game:Goal, imported_from(_)),
    \+ predicate_property(Game:Goal, meta_predicate(_)).

%!  main is det.
%
%   Parses the arguments, takes the protocol streams away from the bot,
%   loads the game and the bot, reports, and serves moves until end of
%   input.

main :-
    set_prolog_flag(debug_on_error, false),
    set_prolog_flag(report_error, false),
    current_prolog_flag(argv, Argv),
    protocol_streams,
    catch(arguments(Argv, Options, BotFile), error(Formal, _),
          ( reply(_{status:refused, detail:Formal}), halt(2) )),
    option(game(GameFile), Options),
    option(seat(Seat), Options, any),
    option(seed(Seed), Options, 0),
    option(load_seconds(LoadSeconds), Options, 10),
    set_random(seed(Seed)),
    use_module(GameFile, []),
    module_property(Game, file(GameFile)),
    assertz(game_module(Game)),
    request(Go),                        % limits are set before it comes
    (   Go == load
    ->  true
    ;   halt(0)
    ),
    get_time(T0),
    catch(call_with_time_limit(LoadSeconds,
                               load_bot(BotFile, Seat, Hello)),
          Error,
          load_error(Error, LoadSeconds, Hello)),
    get_time(T1),
    LoadMs is round((T1 - T0) * 1000),
    reply(Hello.put(ms, LoadMs)),
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

%!  arguments(+Argv, -Options, -BotFile) is det.

arguments(Argv, Options, BotFile) :-
    phrase(argument_list(Options, Files), Argv),
    (   Files = [BotFile0]
    ->  absolute_file_name(BotFile0, BotFile)
    ;   domain_error(one_bot_file, Files)
    ),
    (   option(game(G), Options)
    ->  must_be(atom, G)
    ;   existence_error(option, '--game')
    ).

argument_list([Option|Options], Files) -->
    [Flag, Value],
    { flag_option(Flag, Value, Option) },
    !,                                  % green: one reading of a flag
    argument_list(Options, Files).
argument_list(Options, [File|Files]) -->
    [File],
    !,                                  % green: anything else is a file
    argument_list(Options, Files).
argument_list([], []) -->
    [].

flag_option('--game', File, game(Path)) :-
    absolute_file_name(File, Path).
flag_option('--seat', Seat, seat(Seat)) :-
    must_be(oneof([first, second, any]), Seat).
flag_option('--level', Text, level(N)) :-
    atom_number(Text, N).
flag_option('--inferences', Text, inferences(N)) :-
    atom_number(Text, N).
flag_option('--seed', Text, seed(N)) :-
    atom_number(Text, N).
flag_option('--load-seconds', Text, load_seconds(N)) :-
    atom_number(Text, N).

%!  protocol_streams is det.
%
%   Keeps the original stdin and stdout for the protocol, in this
%   module only, and points user_input at an empty stream and
%   user_output and the current output at stderr, so that nothing the
%   bot prints or reads touches the protocol.

protocol_streams :-
    stream_property(In, alias(user_input)),
    stream_property(Out, alias(user_output)),
    set_stream(In, encoding(utf8)),
    set_stream(Out, encoding(utf8)),
    assertz(protocol_stream(in, In)),
    assertz(protocol_stream(out, Out)),
    open_string("", Empty),
    set_stream(Empty, alias(user_input)),
    set_stream(user_error, alias(user_output)),
    set_input(Empty),
    set_output(user_error).

%!  request(-Request) is det.
%
%   The next request, a term read from the protocol input (read as
%   data, never called); end_of_file at the end.

request(Request) :-
    protocol_stream(in, In),
    catch(read_term(In, Request, []), _, Request = bad_request).

%!  reply(+Dict) is det.
%
%   Writes Dict as one line of JSON on the protocol stream: its values
%   are atoms and strings (JSON strings), numbers and lists of these.

reply(Dict) :-
    protocol_stream(out, Out),
    dict_pairs(Dict, _, Pairs),
    with_output_to(string(Line), json_object(Pairs)),
    format(Out, "~s~n", [Line]),
    flush_output(Out).

json_object(Pairs) :-
    format("{"),
    foldl(json_member, Pairs, "", _),
    format("}").

json_member(Key-Value, Sep, ",") :-
    format("~w", [Sep]),
    json_value(Key),
    format(":"),
    json_value(Value).

json_value(Value) :-
    (   number(Value)
    ->  format("~w", [Value])
    ;   is_list(Value)
    ->  format("["),
        foldl(json_element, Value, "", _),
        format("]")
    ;   atom_codes(Value, Codes),
        format("\""),
        maplist(json_code, Codes),
        format("\"")
    ).

json_element(Value, Sep, ",") :-
    format("~w", [Sep]),
    json_value(Value).

json_code(0'") :- !, format("\\\"").
json_code(0'\\) :- !, format("\\\\").
json_code(C) :-
    C < 0x20,
    !,
    format("\\u~|~`0t~16r~4+", [C]).
json_code(C) :-
    put_char(C).

%!  serve(+Protocol, +Seat, +Options) is det.
%
%   Answers requests until end of input.

serve(Protocol, Seat, Options) :-
    request(Request),
    (   Request == end_of_file
    ->  true
    ;   Request = move(StateText, Last, Seconds),
        catch(term_string(State, StateText), _, fail)
    ->  move_reply(Protocol, Seat, State, Last, Seconds, Options, Reply),
        reply(Reply),
        serve(Protocol, Seat, Options)
    ;   format(string(Detail), "bad request: ~q", [Request]),
        reply(_{verdict:crashed, detail:Detail}),
        serve(Protocol, Seat, Options)
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
    bot_goal(Protocol, Seat, Game, State, Level, Opponent, Move, Goal),
    get_time(T0),
    run_limited(Bot:Goal, Seconds, Inferences, Outcome),
    get_time(T1),
    Ms is round((T1 - T0) * 1000),
    flush_output(user_error),
    outcome_reply(Outcome, Game, State, Move, Seconds, Inferences, Reply0),
    output_bytes(Out),
    Reply = Reply0.put(_{ms:Ms, out:Out}).

%   output_bytes(-Bytes): how many bytes the bot has printed so far (the
%   caller reads them from the process's stderr, which may lag behind).
output_bytes(Bytes) :-
    (   stream_property(user_error, position(Pos)),
        stream_position_data(byte_count, Pos, Bytes0)
    ->  Bytes = Bytes0
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
    ->  Limited = call_with_time_limit(Seconds, Counted)
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
    ->  reply(_{verdict:crashed, detail:"the bot called abort/0", ms:0}),
        halt(1)
    ;   true
    ).

%!  outcome_reply(+Outcome, +Game, +State, +Move, +Seconds, +Inferences, -Reply) is det.

outcome_reply(true, Game, State, Move, _, _, Reply) :-
    move_reply_text(Game, State, Move, Reply).
outcome_reply(false, _, _, _, _, _, _{verdict:no_move, detail:"the bot failed"}).
outcome_reply(inference_limit_exceeded, _, _, _, _, Inferences,
              _{verdict:timeout, detail:Detail}) :-
    format(string(Detail), "more than ~D inferences", [Inferences]).
outcome_reply(error(time_limit_exceeded), _, _, _, Seconds, _,
              _{verdict:timeout, detail:Detail}) :-
    !,
    format(string(Detail), "no move within ~w s", [Seconds]).
outcome_reply(error(E), _, _, _, _, _, _{verdict:crashed, detail:Detail}) :-
    error_text(E, Detail).

move_reply_text(Game, State, Move, Reply) :-
    (   var(Move)
    ->  Reply = _{verdict:illegal, detail:"the bot left its move unbound", raw:"_"}
    ;   \+ acyclic_term(Move)
    ->  Reply = _{verdict:illegal, detail:"the bot's move is a cyclic term", raw:"cyclic"}
    ;   term_raw(Move, Raw),
        (   \+ ground(Move)
        ->  Reply = _{verdict:illegal, detail:"the bot's move is not ground", raw:Raw}
        ;   catch(call_with_time_limit(1, Game:move_text(Move, Text)), _, fail),
            atom(Text)
        ->  Reply = _{verdict:ok, move:Text}
        ;   move_term_example(Game, State, Example),
            format(string(Detail), "the bot answered the term ~k, which is not \c
                                    a move of ~w~w", [Move, Game, Example]),
            Reply = _{verdict:illegal, detail:Detail, raw:Raw}
        )
    ).

%   move_term_example(+Game, +State, -Text): ", whose moves are terms
%   like T" with T a valid move in State, in canonical form; else "".
move_term_example(Game, State, Text) :-
    (   catch(call_with_time_limit(1, Game:valid_moves(State, [Move|_])), _, fail)
    ->  format(string(Text), " (its moves are terms like ~k)", [Move])
    ;   Text = ""
    ).

term_raw(Term, Raw) :-
    format(string(Raw0), "~W", [Term, [quoted(true), ignore_ops(true), max_depth(20),
                                       portray(false)]]),
    (   string_length(Raw0, L), L > 200
    ->  sub_string(Raw0, 0, 200, _, Raw1),
        string_concat(Raw1, "...", Raw)
    ;   Raw = Raw0
    ).

%!  error_text(+Error, -Text) is det.
%
%   Error as one line of text.

error_text(Error, Text) :-
    (   Error = error(_, _),
        catch(message_to_codes(Error, Codes), _, fail)
    ->  string_codes(Text0, Codes)
    ;   term_raw(Error, Raw),
        format(string(Text0), "uncaught exception ~w", [Raw])
    ),
    split_string(Text0, "\n", " \t", Parts),
    exclude(==(""), Parts, Lines),
    (   Lines = [First|_]
    ->  true
    ;   First = "unknown error"
    ),
    (   string_length(First, L), L > 300
    ->  sub_string(First, 0, 300, _, Text)
    ;   Text = First
    ).

message_to_codes(Error, Codes) :-
    '$messages':translate_message(Error, Lines, []),
    with_output_to(codes(Codes), print_message_lines(current_output, '', Lines)).

                 /*******************************
                 *          LOADING             *
                 *******************************/

%!  load_bot(+File, +Seat, -Hello) is det.
%
%   Reads, checks and loads the bot in File. Hello is the first reply:
%   ready with the protocol, or refused with every problem found.

load_bot(File, Seat, Hello) :-
    bot_module(Bot),
    game_module(Game),
    add_import_module(Bot, Game, start),
    catch(read_bot(File, Problems0), E, (error_text(E, T), Problems0 = [0-T])),
    (   Problems0 == []
    ->  compile_bot(Problems1)
    ;   Problems1 = Problems0
    ),
    (   Problems1 == []
    ->  bot_protocol(Seat, Protocol, Seats, Entries, Problems2)
    ;   Problems2 = Problems1
    ),
    (   Problems2 == []
    ->  check_entries(Entries, Problems)
    ;   Problems = Problems2
    ),
    (   Problems == []
    ->  hiding_warnings(Game),
        findall(Line-Text, bot_warning(Line, Text), Warnings0),
        keysort(Warnings0, Warnings1),
        problem_lines(Warnings1, Warnings),
        Hello = _{status:ready, protocol:Protocol, seats:Seats, warnings:Warnings}
    ;   keysort(Problems, Sorted),
        problem_lines(Sorted, Lines),
        atomic_list_concat(Lines, '; ', Detail0),
        atom_string(Detail0, Detail),
        Hello = _{status:refused, detail:Detail, problems:Lines}
    ).

entry_point(choose_move/_).
entry_point(x_inicia/1).
entry_point(x_responde/2).
entry_point(o_inicia/2).
entry_point(o_responde/2).

%   hiding_warnings(+Game): a warning for each predicate of the bot that
%   has the name and arity of one the game exports (the bot's own is used).
hiding_warnings(Game) :-
    forall(( bot_clause(Name/Arity, _, _, _),
             \+ entry_point(Name/Arity),
             \+ bot_warning_for(Name/Arity),
             functor(Head, Name, Arity),
             predicate_property(Game:Head, exported)
           ),
           ( once(bot_clause(Name/Arity, Line, _, _)),
             format(atom(Text), "~w/~w hides the game's ~w/~w: the bot's own \c
                                 definition is used where it calls it",
                    [Name, Arity, Name, Arity]),
             assertz(bot_warning(Line, Text)),
             assertz(bot_warning_for(Name/Arity))
           )).

problem_lines(Problems, Lines) :-
    maplist(problem_line, Problems, Lines0),
    length(Lines0, N),
    (   N > 20
    ->  length(First, 20),
        append(First, _, Lines0),
        Extra is N - 20,
        format(atom(More), "and ~D more problems", [Extra]),
        append(First, [More], Lines)
    ;   Lines = Lines0
    ).

problem_line(0-Text, Text) :-
    !.                                  % green: no line to name
problem_line(Line-Text, Out) :-
    format(atom(Out), "line ~w: ~w", [Line, Text]).

%!  read_bot(+File, -Problems) is det.
%
%   Reads every term of File, runs the allowed directives and records
%   the clauses. Problems is a list of Line-Text.

read_bot(File, Problems) :-
    setup_call_cleanup(
        open(File, read, In, [encoding(utf8)]),
        read_terms(In, string, Problems),
        close(In)).

read_terms(In, Quotes, Problems) :-
    bot_module(Bot),
    catch(( read_term(In, Term,
                      [ module(Bot),
                        term_position(Pos),
                        syntax_errors(error),
                        double_quotes(Quotes),
                        singletons(Singletons)
                      ]),
            stream_position_data(line_count, Pos, Line)
          ),
          error(syntax_error(What), Context),
          syntax_problem(What, Context, Term, Line)),
    (   Term \== '$syntax_error',
        Term \= (:- _)
    ->  singleton_warnings(Singletons, Line)
    ;   true
    ),
    (   Term == end_of_file
    ->  Problems = []
    ;   Term == '$syntax_error'
    ->  syntax_text(What, Text),
        Problems = [Line-Text|Problems1],
        read_terms(In, Quotes, Problems1)
    ;   term_problems(Term, Line, Quotes, Quotes1, Problems, Problems1),
        read_terms(In, Quotes1, Problems1)
    ).

%   singleton_warnings(+Singletons, +Line): a warning for each variable
%   that occurs once in the clause (often a misspelt name), but those
%   starting with _.
singleton_warnings(Singletons, Line) :-
    forall(( member(Name=_, Singletons),
             \+ sub_atom(Name, 0, _, _, '_')
           ),
           ( format(atom(Text), "singleton variable ~w (used once: misspelt? \c
                                 write _~w if meant)", [Name, Name]),
             assertz(bot_warning(Line, Text))
           )).

syntax_problem(_, Context, '$syntax_error', Line) :-
    (   Context = stream(_, Line, _, _)
    ->  true
    ;   Context = file(_, Line, _, _)
    ->  true
    ;   Line = 0
    ).

syntax_text(What, Text) :-
    (   catch(message_to_codes(error(syntax_error(What), _), Codes), _, fail)
    ->  atom_codes(Text0, Codes),
        normalize_space(atom(Text1), Text0),
        (   sub_atom_icasechk(Text1, 0, 'syntax error')
        ->  Text = Text1
        ;   atom_concat('syntax error: ', Text1, Text)
        )
    ;   format(atom(Text), "syntax error: ~w", [What])
    ).

%!  term_problems(+Term, +Line, +Quotes0, -Quotes, -Problems, ?Tail) is det.

term_problems((:- Directive), Line, Q0, Q, Problems, Tail) :-
    !,                                  % green: a directive
    directive(Directive, Q0, Q, Result),
    (   Result == ok
    ->  Problems = Tail
    ;   Problems = [Line-Result|Tail]
    ).
term_problems((?- Directive), Line, Q0, Q, Problems, Tail) :-
    !,                                  % green: a directive
    term_problems((:- Directive), Line, Q0, Q, Problems, Tail).
term_problems((Head --> Body), Line, Q, Q, Problems, Tail) :-
    !,                                  % green: a grammar rule
    (   catch(dcg_translate_rule((Head --> Body), Clause), _, fail)
    ->  clause_problems(Clause, Line, Problems, Tail)
    ;   Problems = [Line-'not a valid grammar rule'|Tail]
    ).
term_problems(Clause, Line, Q, Q, Problems, Tail) :-
    clause_problems(Clause, Line, Problems, Tail).

clause_problems(Clause, Line, Problems, Tail) :-
    (   Clause = (Head :- Body)
    ->  true
    ;   Head = Clause,
        Body = true
    ),
    (   head_problem(Head, Problem)
    ->  Problems = [Line-Problem|Tail]
    ;   body_problem(Body, Problem)
    ->  Problems = [Line-Problem|Tail]
    ;   functor(Head, Name, Arity),
        assertz(bot_clause(Name/Arity, Line, Head, Body)),
        Problems = Tail
    ).

head_problem(Head, 'a clause head cannot be a variable') :-
    var(Head),
    !.
head_problem(Module:_, Problem) :-
    !,
    format(atom(Problem), "a clause for module ~q: a bot may define predicates \c
                           only in its own module", [Module]).
head_problem(Head, Problem) :-
    \+ callable(Head),
    !,
    format(atom(Problem), "~q cannot be a clause head", [Head]).
head_problem(Head, Problem) :-
    functor(Head, Name, Arity),
    functor(Generic, Name, Arity),
    (   predicate_property(system:Generic, defined),
        \+ predicate_property(system:Generic, imported_from(_))
    ;   control(Name/Arity)
    ),
    !,
    format(atom(Problem), "~q is built in: a bot cannot redefine it", [Name/Arity]).

control((',')/2).
control((;)/2).
control((->)/2).
control((*->)/2).
control((\+)/1).
control((:-)/1).
control((:-)/2).
control((?-)/1).
control((-->)/2).

%!  body_problem(+Body, -Problem) is semidet.
%
%   A clause body may name no other module than the game: a goal
%   qualified with another module could assert into it or call what it
%   does not export. Other subterms M:T are data unless M is a module.

body_problem(Body, Problem) :-
    \+ callable(Body),
    nonvar(Body),
    !,
    format(atom(Problem), "~q is not a goal", [Body]).
body_problem(Body, Problem) :-
    game_module(Game),
    bot_module(Bot),
    sub_term(Sub, Body),
    compound(Sub),
    Sub = Module:Goal,
    atom(Module),
    current_module(Module),
    Module \== Bot,
    \+ ( Module == Game,
         callable(Goal),
         \+ predicate_property(Game:Goal, imported_from(_))
       ),
    !,
    format(atom(Problem), "~q names module ~q: a bot may call only its own \c
                           predicates, the game's and the safe built-ins",
           [Sub, Module]).

%!  directive(+Directive, +Quotes0, -Quotes, -Result) is det.
%
%   Runs Directive when it is allowed; Result is ok or why not.

directive(Directive, Q, Q, 'a directive cannot be a variable') :-
    var(Directive),
    !.
directive(module(_, _), Q, Q, ok) :-
    !.                                  % green: the bot's module is ours
directive(style_check(_), Q, Q, ok) :-
    !.                                  % green: harmless, ignored
directive(set_prolog_flag(double_quotes, Value), Q0, Q, Result) :-
    !,                                  % green: the one flag allowed
    (   memberchk(Value, [codes, chars, atom, string])
    ->  Q = Value,
        Result = ok
    ;   Q = Q0,
        format(atom(Result), "~q is not a value of double_quotes", [Value])
    ).
directive(Directive, Q, Q, Result) :-
    catch(directive_(Directive, Result), E,
          ( error_text(E, Text),
            format(atom(Result), "directive ~q: ~w", [Directive, Text])
          )).

directive_(use_module(Spec), Result) :-
    !,
    library_directive(Spec, all, Result).
directive_(use_module(Spec, Imports), Result) :-
    !,
    library_directive(Spec, Imports, Result).
directive_(ensure_loaded(Spec), Result) :-
    !,
    library_directive(Spec, all, Result).
directive_(dynamic(Specs), Result) :-
    !,
    declaration(dynamic, Specs, Result).
directive_(discontiguous(Specs), Result) :-
    !,                                  % clauses are added one by one
    (   pi_list(Specs, _)
    ->  Result = ok
    ;   format(atom(Result), "discontiguous ~q: declare the bot's own \c
                              predicates as Name/Arity", [Specs])
    ).
directive_(op(Priority, Type, Names), Result) :-
    !,
    bot_module(Bot),
    (   op_names(Names, List)
    ->  forall(member(Name, List), op(Priority, Type, Bot:Name)),
        Result = ok
    ;   format(atom(Result), "op/3 with ~q: name operators by plain atoms", [Names])
    ).
directive_(Directive, Result) :-
    format(atom(Result), "directive ~q is not allowed in a bot (allowed: \c
                          use_module of a safe library, dynamic, \c
                          discontiguous, op)", [Directive]).

library_directive(Spec, Imports, Result) :-
    bot_module(Bot),
    (   Spec = library(Name),
        ground(Name),
        safe_library(Name)
    ->  (   Imports == all
        ->  use_module(Bot:Spec)
        ;   is_list(Imports)
        ->  use_module(Bot:Spec, Imports)
        ;   domain_error(import_list, Imports)
        ),
        Result = ok
    ;   findall(L, safe_library(L), Ls),
        format(atom(Result), "~q is not a library a bot may load (allowed: ~w)",
               [Spec, Ls])
    ).

%!  safe_library(?Name) is nondet.
%
%   Libraries a bot may load: pure ones (the sandbox still checks
%   every call).

safe_library(lists).
safe_library(apply).
safe_library(apply_macros).
safe_library(aggregate).
safe_library(assoc).
safe_library(pairs).
safe_library(ordsets).
safe_library(ugraphs).
safe_library(random).
safe_library(between).
safe_library(clpfd).
safe_library(yall).
safe_library(error).
safe_library(option).
safe_library(solution_sequences).
safe_library(rbtrees).
safe_library(heaps).
safe_library(nb_set).
safe_library(occurs).
safe_library(terms).
safe_library(strings).
safe_library(dicts).
safe_library(dcg/basics).
safe_library(dcg/high_order).

declaration(dynamic, Specs, Result) :-
    bot_module(Bot),
    (   pi_list(Specs, PIs)
    ->  forall(member(PI, PIs),
               ( dynamic(Bot:PI),
                 assertz(bot_dynamic(PI))
               )),
        Result = ok
    ;   format(atom(Result), "dynamic ~q: declare the bot's own predicates as \c
                              Name/Arity", [Specs])
    ).

pi_list(Var, _) :-
    var(Var),
    !,
    fail.
pi_list([], []) :-
    !.
pi_list([H|T], PIs) :-
    !,
    pi_list(H, P1),
    pi_list(T, P2),
    append(P1, P2, PIs).
pi_list((A, B), PIs) :-
    !,
    pi_list(A, P1),
    pi_list(B, P2),
    append(P1, P2, PIs).
pi_list(Name/Arity, [Name/Arity]) :-
    atom(Name),
    integer(Arity),
    Arity >= 0,
    functor(Head, Name, Arity),
    \+ head_problem(Head, _).

op_names(Name, [Name]) :-
    atom(Name),
    !.                                  % green: one name
op_names(Names, Names) :-
    is_list(Names),
    maplist(atom, Names).

%!  compile_bot(-Problems) is det.
%
%   Adds the recorded clauses to the bot module; predicates not
%   declared dynamic become static.

compile_bot(Problems) :-
    bot_module(Bot),
    findall(Line-Text,
            ( bot_clause(_, Line, Head, Body),
              catch(( assertz(Bot:(Head :- Body)), fail ), E, true),
              error_text(E, Text)
            ),
            Problems),
    findall(Bot:PI,
            ( bot_clause(PI, _, _, _),
              \+ bot_dynamic(PI)
            ),
            Static0),
    sort(Static0, Static),
    (   Problems == []
    ->  compile_predicates(Static)
    ;   true
    ).

%!  bot_protocol(+Seat, -Protocol, -Seats, -Entries, -Problems) is det.
%
%   The protocol the bot's definitions show, the seats it can play, and
%   the entry points to prove safe.

bot_protocol(Seat, Protocol, Seats, Entries, Problems) :-
    (   pfl_entry(PI, Protocol),
        defines(PI)
    ->  Seats = [first, second],
        Entries = [PI],
        Problems = []
    ;   (   defines(x_inicia/1) ; defines(x_responde/2)
        ;   defines(o_inicia/2) ; defines(o_responde/2)
        )
    ->  Protocol = classic,
        classic_seats(Seat, Seats, Entries, Problems)
    ;   Protocol = none,
        Seats = [],
        Entries = [],
        Problems = [0-'the bot defines no entry point: choose_move/3, \c
                       choose_move/4 or choose_move/2 (PFL), or x_inicia/1, \c
                       x_responde/2, o_inicia/2 and o_responde/2 (classic)']
    ).

pfl_entry(choose_move/3, 'pfl/3').
pfl_entry(choose_move/4, 'pfl/4').
pfl_entry(choose_move/2, 'pfl/2').

classic_entries(first, x, [x_inicia/1, x_responde/2]).
classic_entries(second, o, [o_inicia/2, o_responde/2]).

classic_seats(any, Seats, Entries, Problems) :-
    !,
    findall(S-Es,
            ( classic_entries(S, _, Es),
              forall(member(PI, Es), defines(PI))
            ),
            Pairs),
    pairs_keys_values(Pairs, Seats, EntryLists),
    append(EntryLists, Entries),
    (   Seats == []
    ->  Problems = [0-'a classic bot needs x_inicia/1 and x_responde/2 \c
                       (to play first) or o_inicia/2 and o_responde/2 \c
                       (to play second)']
    ;   Problems = []
    ).
classic_seats(Seat, [Seat], Entries, Problems) :-
    classic_entries(Seat, Mark, Entries),
    exclude(defines, Entries, Missing),
    (   Missing == []
    ->  Problems = []
    ;   format(atom(Text), "a classic bot playing ~w (~w) needs ~q; it lacks ~q",
               [Seat, Mark, Entries, Missing]),
        Problems = [0-Text]
    ).

defines(PI) :-
    bot_clause(PI, _, _, _),
    !.
defines(PI) :-
    bot_dynamic(PI).

%!  check_entries(+Entries, -Problems) is det.
%
%   Proves every entry point safe with library(sandbox); a refusal
%   names the clause that calls what is not allowed.

check_entries(Entries, Problems) :-
    bot_module(Bot),
    findall(Problem,
            ( member(Name/Arity, Entries),
              functor(Head, Name, Arity),
              catch(safe_goal(Bot:Head), E, true),
              nonvar(E),
              entry_problem(E, Name/Arity, Problem)
            ),
            Problems0),
    sort(Problems0, Problems).

entry_problem(E, Entry, Line-Text) :-
    culprit(E, Entry, PI, Callee),
    sandbox_reason(E, Callee, Reason),
    clause_line_refused(PI, Line),
    format(atom(Text), "~q ~w", [PI, Reason]).

sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    goal_pi(Goal, Refused),
    memberchk(Refused, [format/3, write/2, writeln/2, print/2, writeq/2, nl/1,
                        write_term/3, write_canonical/2, put_char/2, tab/2]),
    !,
    format(atom(Reason), "calls ~q with a stream, which a bot may not; without \c
                          one (format/2, write/1, nl/0) it prints to its own \c
                          output, which is shown", [Refused]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), Callee, Reason) :-
    !,
    goal_pi(Goal, Refused),
    (   Callee == Refused
    ->  format(atom(Reason), "calls ~q, which a bot may not call", [Refused])
    ;   format(atom(Reason), "calls ~q, which a bot may not call (it leads to ~q)",
               [Callee, Refused])
    ).
sandbox_reason(error(instantiation_error, _), _, Reason) :-
    !,
    Reason = 'calls a goal built at run time (call/N of a goal unknown when \c
              loading), which cannot be checked'.
sandbox_reason(error(existence_error(procedure, Goal), _), _, Reason) :-
    !,
    goal_pi(Goal, PI),
    format(atom(Reason), "calls ~q, which is not defined", [PI]).
sandbox_reason(E, _, Reason) :-
    error_text(E, Text),
    format(atom(Reason), "cannot be proved safe: ~w", [Text]).

goal_pi(Goal, PI) :-
    strip_module(Goal, _, Plain),
    (   Plain = Name/Arity
    ->  PI = Name/Arity
    ;   callable(Plain)
    ->  functor(Plain, Name, Arity),
        PI = Name/Arity
    ;   PI = Plain
    ).

%   culprit(+Error, +Entry, -PI, -Callee): PI is the bot predicate nearest
%   to the refused goal in the sandbox's call chain (innermost first),
%   Callee what its clause calls on the way there.

culprit(error(Formal, sandbox(Goal, Parents)), _, PI, Callee) :-
    is_list(Parents),
    append(Inner, [Parent|_], Parents),
    bot_goal_pi(Parent, PI),
    !,
    (   append(_, [Direct], Inner)
    ->  goal_pi(Direct, Callee)
    ;   Formal = existence_error(procedure, Undefined)
    ->  Callee = Undefined
    ;   goal_pi(Goal, Callee)
    ).
culprit(_, Entry, Entry, Entry).

bot_goal_pi(Goal, Name/Arity) :-
    nonvar(Goal),
    bot_module(Bot),
    Goal = Bot:Plain,
    callable(Plain),
    functor(Plain, Name, Arity),
    defines(Name/Arity).

clause_line_refused(PI, Line) :-
    bot_module(Bot),
    (   bot_clause(PI, Line, _, Body),
        catch(( safe_goal(Bot:Body), fail ), _, true)
    ->  true
    ;   once(bot_clause(PI, Line, _, _))
    ).
