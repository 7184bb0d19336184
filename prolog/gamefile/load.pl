:- module(arena_gamefile,
          [ load_game_file/5,         % +File, +Dialect, +Base, -Game, -Info
            game_file_code/2,         % +Game, -CodeModule
            game_file_raw/2,          % +Game, -RawModule
            rule_call/3,              % +Game, +PI, :Goal
            shown_pi/3,               % +Game, +PI, -ShownPI
            game_label/2,             % +Game, -Label
            rule_limits/2             % -Seconds, -Inferences
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(time)).
:- use_module('../contract', [contract/3]).
:- use_module(read).
:- use_module(view).
:- use_module(facts).
:- use_module(operators, [own_over_imports/3]).
:- use_module(memo).
:- use_module(safety).
:- use_module(rule_clock).
:- use_module(program_fixes).
:- use_module(rule_where).
:- use_module('../ai/generic', []).
:- use_module('../sicstus_lib', [install_sicstus_format/0]).
:- use_module(loop_drive, []).
:- use_module(loop_game, []).
:- use_module(picked, []).

/** <module> Game files: untrusted games loaded, checked and wrapped

A game file is read as data by prolog/gamefile/read.pl (directives
limited, files beside it inlined), loaded into a module of its own (the
code module), then, outside the jail, every contract predicate it
defines and its attribute hooks are proved safe with library(sandbox)
before anything of it runs. The code module gets its own definitions
of the built-ins that reach attributes and global variables
(install_shadows/1, prolog/gamefile/safety.pl). Two modules are made
over the code module, each exporting the contract (prolog/contract.pl):

  - the raw view (`raw:Base`): the course variants and defaults mapped
    onto the contract, no limits; searches and the conformance checker
    call it;
  - the game (`Base`): the raw view with every call under a time and
    inference limit, standard input empty, output captured, answers
    checked ground, and move/3 accepting only listed moves. The bridge
    and bot hosts call it as they call a built-in game.

A rule that loops, throws or leaves a non-ground answer throws
error(game_rule(Message), _), Message naming the predicate.
*/

:- dynamic
    game_code/2,                    % Game, CodeModule
    game_raw/2.                     % Game, RawModule

%!  load_game_file(+File, +Dialect, +Base, -Game, -Info) is det.
%
%   Loads File (an absolute path) as game Base (an atom no other module
%   has). Dialect is auto, swi or sicstus4. Info is a dict: dialect,
%   facts (true when its states carry its facts: prolog/gamefile/facts.pl),
%   missing (required predicates it lacks, as Name/Arity atoms), present
%   (what it defines of the contract and its variants). Throws
%   error(game_refused(Reasons), _) when File is refused, Reasons a list
%   of atoms each naming the file, line and what is wrong.

load_game_file(File, Dialect0, Base, Base, Info) :-
    must_be(atom, Base),
    (   current_module(Base)
    ->  permission_error(create, module, Base)
    ;   true
    ),
    atom_concat('code:', Base, Code),
    atom_concat('raw:', Base, Raw),
    read_game_file(File, Dialect0, Code, Program0, Dialect, Problems0),
    sicstus_arithmetic(Program0, Program00),
    library_shims(Program00, Dialect, Program1),
    own_over_imports(Program1, Dialect, Program2),
    asserted_dynamic(Program2, Program3),
    load_order(Program3, Program),
    (   Problems0 \== []
    ->  throw(error(game_refused(Problems0), _))
    ;   true
    ),
    install_shadows(Code),
    (   jailed,
        \+ program_defines(Program, sleep(_))
    ->  Code:redefine_system_predicate(sleep(_)),    % a run of its loop does not wait
        assertz(Code:(sleep(T) :- arena_loop_drive:loop_sleep(T))),
        compile_predicates([Code:sleep/1])
    ;   true
    ),
    add_import_module(Code, arena_sicstus_lib, end),
    (   jailed
    ->  add_import_module(Code, arena_loop_game, end),
        add_import_module(Code, arena_picked, end)
    ;   true
    ),
    install_sicstus_format,
    (   program_changes_facts(Program),
        \+ program_defines(Program, arena_loop(_, _))   % its loop's runs keep their own
    ->  Changes = true
    ;   Changes = false
    ),
    (   jailed,
        Changes == false                % its game_over/2 may depend on facts
    ->  remembering_program(Program, Loaded)
    ;   Loaded = Program
    ),
    load_program(Code, File, Dialect, Loaded, LoadProblems),
    (   LoadProblems \== []
    ->  throw(error(game_refused(LoadProblems), _))
    ;   true
    ),
    findall(PI, view_predicate(Code, PI), Present),
    (   jailed
    ->  Unsafe = []                     % the jail is the wall
    ;   findall(PI, attribute_hook(Code, PI), Hooks),
        append(Present, Hooks, Checked),
        safety_problems(Code, Checked, Unsafe)
    ),
    (   Unsafe \== []
    ->  throw(error(game_refused(Unsafe), _))
    ;   true
    ),
    missing_required(Code, Missing),
    file_base_name(File, BaseName),
    file_name_extension(Stem, _, BaseName),
    run_setup(Base, Code),
    (   Changes == true,
        \+ current_prolog_flag(arena_game_facts, false)   % benchmarks/bench_facts.py
    ->  facts_begin(Code, Program),
        Facts = true
    ;   Facts = false
    ),
    make_views(Code, Raw, Base, Stem, Facts),
    assertz(game_code(Base, Code)),
    assertz(game_raw(Base, Raw)),
    maplist(pi_atom, Present, PresentAtoms),
    maplist(pi_atom, Missing, MissingAtoms),
    Info = _{dialect:Dialect, missing:MissingAtoms, present:PresentAtoms, facts:Facts}.


pi_atom(Name/Arity, Atom) :-
    format(atom(Atom), "~w/~w", [Name, Arity]).

%!  game_file_code(+Game, -Code) is semidet.
%!  game_file_raw(+Game, -Raw) is semidet.

game_file_code(Game, Code) :-
    game_code(Game, Code).

game_file_raw(Game, Raw) :-
    game_raw(Game, Raw).

missing_required(Code, Missing) :-
    findall(PI,
            ( contract(PI, required, _),
              \+ view_has(Code, PI)
            ),
            Missing).

%   run_setup(+Game, +Code): the adapter's arena_setup(Goal) goals, in
%   order, each once under the limits of a rule.
run_setup(Game, Code) :-
    (   current_predicate(Code:arena_setup/1)
    ->  forall(catch(Code:arena_setup(Goal), _, fail),
               (   rule_call(Game, arena_setup/1, Code:Goal)
               ->  true
               ;   format(atom(M), "arena_setup/1: the goal ~q failed", [Goal]),
                   throw(error(game_refused([M]), _))
               ))
    ;   true
    ).

%   load_program(+Code, +File, +Dialect, +Program, -Problems)
%
%   Compiles Program (terms already checked) into module Code; the
%   messages loading prints are collected as Problems instead. It is
%   compiled optimised (arithmetic compiled) where that loads cleanly;
%   where it does not (swipl -O refuses some clauses plain swipl loads,
%   such as a lambda inside a lambda comparing the outer's variable), it
%   is compiled again as plain swipl compiles it, and only those
%   problems count.

load_program(Code, File, Dialect, Program, Problems) :-
    with_output_to(string(Text), write_program(Dialect, Program)),
    atomic_list_concat([File, ' as ', Code], SourceId),   % one source per load
    compile_text(Code, SourceId, Text, true, Messages0),
    (   Messages0 == []
    ->  Messages = []
    ;   compile_text(Code, SourceId, Text, false, Messages)
    ),
    convlist(load_problem(File), Messages, Problems).

compile_text(Code, SourceId, Text, Optimise, Messages) :-
    nb_setval(arena_gamefile_messages, []),
    current_prolog_flag(autoload, Autoload),
    setup_call_cleanup(
        ( open_string(Text, In),
          b_setval(arena_gamefile_loading, true),
          % nothing autoloaded while compiling: optimised maplist/N would
          % import a library predicate (ctypes' is_digit/1) that the file
          % defines further down; calls autoload when they run
          set_prolog_flag(autoload, false)
        ),
        catch(load_files(Code:SourceId, [stream(In), silent(true), optimise(Optimise)]),
              Error,
              nb_setval(arena_gamefile_messages, [Error])),
        ( close(In),
          set_prolog_flag(autoload, Autoload),
          b_setval(arena_gamefile_loading, false)
        )),
    nb_getval(arena_gamefile_messages, Messages),
    nb_setval(arena_gamefile_messages, []).

write_program(Dialect, Program) :-
    (   Dialect == sicstus4
    ->  portray_clause((:- expects_dialect(sicstus4)))
    ;   true
    ),
    portray_clause((:- style_check(-discontiguous))),
    forall(member(Term, Program),
           write_term(Term, [quoted(true), ignore_ops(true), fullstop(true),
                             nl(true), dotlists(false), spacing(next_argument)])).

load_problem(_, Message, _) :-
    % a clause for a built-in (`... . Value = 10.`, a full stop for a
    % comma): SICStus reports it and loads the rest, so does the arena
    nonvar(Message),
    (   Message = error(permission_error(modify, static_procedure, _), _)
    ;   Message == cannot_redefine_comma
    ),
    !,
    fail.
load_problem(File, Message, Problem) :-
    nonvar(Message),                    % a directive's own error: its goal, one line
    Message = initialization_error(_:Goal, E, _),   % its line is the program's, not the file's
    !,
    (   E = error(Formal, _), nonvar(Formal), Formal = game_rule_halt(Said)
    ->  true
    ;   catch(message_to_codes(E, Codes0), _, fail)
    ->  atom_codes(Said0, Codes0),
        split_string(Said0, "\n", " ", [First|_]),
        Said = First
    ;   format(atom(Said), "~q", [E])
    ),
    directive_at(File, Goal, Where),
    format(atom(Problem), "~w: the directive ~q threw: ~w", [Where, Goal, Said]).
load_problem(File, Message, Problem) :-
    nonvar(Message),
    Message = init_goal(failed(_:Goal, _)),
    !,
    directive_at(File, Goal, Where),
    format(atom(Problem), "~w: the directive ~q failed", [Where, Goal]).

load_problem(File, Message, Problem) :-
    catch(message_to_codes(Message, Codes), _, fail),
    !,
    atom_codes(Text, Codes),
    format(atom(Problem), "~w: loading: ~w", [File, Text]).
load_problem(File, Message, Problem) :-
    format(atom(Problem), "~w: loading: ~q", [File, Message]).

%   directive_at(+File, +Goal, -Where): the file and line of the directive
%   Goal (prolog/gamefile/read.pl), else File.
directive_at(File, Goal, Where) :-
    (   directive_line(Goal0, File0, Line0),
        Goal0 =@= Goal
    ->  format(atom(Where), "~w:~w", [File0, Line0])
    ;   Where = File
    ).

:- multifile user:message_hook/3.
user:message_hook(Message, Kind, _) :-
    nb_current(arena_gamefile_loading, true),
    b_getval(arena_gamefile_loading, true),
    (   Kind == error
    ->  nb_getval(arena_gamefile_messages, Messages),
        nb_setval(arena_gamefile_messages, [Message|Messages])
    ;   true
    ).

%!  rule_call(+Game, +PI, :Goal) is semidet.
%
%   Calls Goal (a call of game Game's rule PI) once, under the limits of
%   a rule call, with empty standard input and output captured. A
%   timeout, exhausted inferences or an exception throws
%   error(game_rule(Message), _).

:- meta_predicate rule_call(+, +, 0).

rule_call(Game, PI, Goal) :-
    rule_limits(Seconds, Inferences),
    limited_call(Game, PI, Seconds, Inferences, Goal).

%!  rule_limits(-Seconds, -Inferences) is det.
%
%   The limits of one call of a game file's rule, the only place they
%   are set: the game host gives Seconds to the referee in its load
%   reply (prolog/gamehost.pl), whose watchdog times a request by them.

rule_limits(5, 50_000_000).

:- public limited_call/5.
:- meta_predicate limited_call(+, +, +, +, 0).

%   rule_hook(+Game, +PI, +Seconds) is called before each limited call of
%   a rule: the game host (prolog/gamehost.pl) tells its watchdog there.
:- multifile rule_hook/3.
:- dynamic rule_hook/3.

limited_call(Game, PI, Seconds, Inferences, Goal) :-
    ignore(rule_hook(Game, PI, Seconds)),
    catch(quiet_call(Seconds, Inferences, Goal, Result),
          Error,
          rule_error(Game, PI, Seconds, Inferences, Goal, Error)),
    (   Result == inference_limit_exceeded
    ->  (   busy_where(Game, PI, Seconds, Inferences, Goal, Where)
        ->  rule_fail(Game, PI, "used more than ~D inferences (a loop? it was in ~w)",
                      [Inferences, Where])
        ;   rule_fail(Game, PI, "used more than ~D inferences (a loop?)", [Inferences])
        )
    ;   Result \== fail
    ).

quiet_call(Seconds, Inferences, Goal, Result) :-
    current_prolog_flag(arena_game_jail, _),
    !,                                  % the game host: its user_input is empty
    set_input(user_input),              % (prolog/host_protocol.pl)
    with_output_to(string(_), clocked_call(Seconds, Inferences, Goal, Result)).
quiet_call(Seconds, Inferences, Goal, Result) :-
    open_string("", In),
    stream_property(OldIn, alias(user_input)),
    current_input(OldCurrent),
    setup_call_cleanup(
        ( set_stream(In, alias(user_input)),
          set_input(In)
        ),
        with_output_to(string(_), clocked_call(Seconds, Inferences, Goal, Result)),
        ( set_stream(OldIn, alias(user_input)),
          set_input(OldCurrent),
          close(In)
        )).


rule_error(Game, PI, Seconds, Inferences, Goal, time_limit_exceeded) :-
    !,
    (   busy_where(Game, PI, Seconds, Inferences, Goal, Where)
    ->  format(atom(In), " it was in ~w;", [Where])
    ;   In = ''
    ),
    rule_fail(Game, PI, "did not finish within ~w s (a loop?~w a loop reading the keyboard \c
                         never ends: its input is empty here)", [Seconds, In]).
rule_error(_, _, _, _, _, Error) :-
    Error = error(game_rule(_), _),
    !,
    throw(Error).
rule_error(Game, PI, _, _, _, error(game_rule_halt(Text), _)) :-
    !,
    rule_fail(Game, PI, "~w", [Text]).
rule_error(Game, PI, _, _, _, error(game_rule_loop(Text), _)) :-
    !,
    rule_fail(Game, PI, "~w", [Text]).
rule_error(_, _, _, _, _, arena_interrupted) :-
    !,
    throw(arena_interrupted).
rule_error(Game, PI, Seconds, Inferences, Goal, Error) :-
    unsafe_text(Error, Text),
    (   Error = error(Formal, Context),
        (   Formal = resource_error(_)     % run again, it would only overflow again
        ->  overflow_where(PI, Context, Where)
        ;   catch(thrown_where(Game, PI, Seconds, Inferences, Goal, Where), _, fail)
        )
    ->  rule_fail(Game, PI, "threw: ~w (in ~w)", [Text, Where])
    ;   rule_fail(Game, PI, "threw: ~w", [Text])
    ).

rule_fail(Game, PI, Format, Args) :-
    format(atom(What0), Format, Args),
    without_code_module(Game, What0, What),
    game_label(Game, Label),
    shown_pi(Game, PI, Shown),
    format(atom(Message), "~w: ~w ~w", [Label, Shown, What]),
    throw(error(game_rule(Message), _)).

%   without_code_module(+Game, +Text0, -Text): Text0 without the game's
%   code module qualifying its predicates ('code:nim':helper/2).
without_code_module(Game, Text0, Text) :-
    (   atom(Game),
        game_code_of(Game, Code)
    ->  format(atom(Quoted), "~q:", [Code]),
        atomic_list_concat(Parts, Quoted, Text0),
        atomic_list_concat(Parts, Text)
    ;   Text = Text0
    ).

%!  game_label(+Game, -Label) is det.
%
%   The name a user knows a game by: its module without the views'
%   prefixes (raw:, det:) and the game host's suffix (#game).

game_label(Game, Label) :-
    (   atom(Game)
    ->  strip_prefixes(Game, Game1),
        (   atom_concat(Label0, '#game', Game1)
        ->  Label = Label0
        ;   Label = Game1
        )
    ;   Label = Game
    ).

strip_prefixes(Name, Stripped) :-
    (   member(Prefix, ['det:', 'raw:']),
        atom_concat(Prefix, Rest, Name)
    ->  strip_prefixes(Rest, Stripped)
    ;   Stripped = Name
    ).

%!  shown_pi(+Game, +PI, -Shown) is det.
%
%   The predicate of the game file behind contract predicate PI, as its
%   author named it: the adapter's arena_Name/Arity, the game's own, or
%   the course variant the contract is taken from (valid_moves/3 for
%   valid_moves/2, ...). PI itself for a built-in game.

shown_pi(Game, PI, Shown) :-
    (   atom(Game),
        game_code_of(Game, Code)
    ->  own_pi(Code, PI, Shown)
    ;   Shown = PI
    ).

game_code_of(Game, Code) :-
    (   game_code(Game, Code)
    ->  true
    ;   strip_prefixes(Game, Raw0),
        atom_concat('raw:', Raw0, Raw),
        game_raw(Base, Raw)
    ->  game_code(Base, Code)
    ;   game_raw(Base, Game),
        game_code(Base, Code)
    ).
