:- module(arena_host_load,
          [ load_bot/3,               % +File, +Seat, -Hello
            game_module/1,            % -Game
            bot_module/1,             % -Module
            error_text/2,             % +Error, -Text
            bounded_text/2,           % +Term, -Text
            bot_print/1,              % +Term
            bot_write_term/2,         % +Term, +Options
            close_system_access/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(pairs)).
:- use_module(library(sandbox)).

/** <module> Reads, checks and loads one untrusted bot

The bot's file is never consulted: its terms are read as data, the
allowed directives run here, and its clauses are asserted into the
module `arena_bot` (see bot_module/1) only after every check passed.

Refused, each problem reported with its line: syntax errors;
directives other than module/2, dynamic/1, discontiguous/1, op/3,
set_prolog_flag(double_quotes, _), style_check/1 and use_module/1,2 or
ensure_loaded/1 of the libraries in safe_library/1; clauses for other
modules, for built-in predicates or for expansion hooks; goals
qualified with another module; and any clause of the bot (not only
what the entry points reach: attribute hooks are called from outside)
that library(sandbox) safe_goal/1 does not prove safe. A goal built
at run time cannot be proved safe.

The sandbox is used as an allowlist with these changes:

  - The predicates that turn a term into text through message
    translation (print_message/2, message_to_string/2,
    print_message_lines/3) run the goals of `~@` in a message built at
    run time: the bot module gets its own definitions of them, which
    the sandbox refuses (not_for_bots/1).
  - print/1 and write_term/2 get definitions that never call portray
    hooks or goals: print/1 writes like writeq/1, and write_term/2
    refuses the options portray/1 but false, portray_goal/1, blobs/1
    and attributes(portray), and any other option not in
    write_option/1.
  - write/1, writeq/1, write_canonical/1, nl/0, tab/1, put_char/1 are
    safe: the bot's current output is its own captured output.
  - Calls to the game's exported, non-meta predicates are trusted.
  - put_attr/3, get_attr/3 and del_attr/2 are the bot's own, allowing
    only the bot's module as attribute module: the sandbox allows any
    module whose hooks are safe, and `freeze`, which has none, calls
    its attribute's value when the variable is bound. put_attrs/2,
    get_attrs/2, del_attrs/1 and reading global variables are refused.
  - A yall lambda that `swipl FILE` would compile is copied when read
    (compiled_lambdas/2), so that it means what it means there.

After loading, close_system_access/0 takes from the bot's process what
reaches the system (library(unix), shell/1,2, autoloading of any but
the bot's libraries), as if the check could be bypassed.

No text made from the bot's data goes through message translation:
error_text/2 writes errors itself, with bounded_text/2.
*/

:- dynamic
    game_module/1,                  % Game
    bot_clause/4,                   % PI, Line, Head, Body
    bot_dynamic/1,                  % PI
    bot_warning/2,                  % Line, Text
    bot_warning_for/1,              % PI
    redefined/1,                    % PI of a built-in the bot defines
    bot_import/1,                   % PI its directives imported
    bot_lambdas_compiled/0,         % its directives loaded library(yall)
    autoload_restricted/0.          % close_system_access/0 was called

%!  bot_module(-Module) is det.
%
%   The module the bot's clauses live in.

bot_module(arena_bot).

:- multifile sandbox:safe_primitive/1.
sandbox:safe_primitive(system:write(_)).
sandbox:safe_primitive(system:writeq(_)).
sandbox:safe_primitive(system:write_canonical(_)).
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

%!  shadow(?Head, ?Body) is nondet.
%
%   The bot module's own definitions of built-ins that can run goals
%   from output; asserted before any clause of the bot.

shadow(print_message(Kind, _), not_for_bots(print_message/2, Kind)).
shadow(message_to_string(_, S), not_for_bots(message_to_string/2, S)).
shadow(print_message_lines(_, _, L), not_for_bots(print_message_lines/3, L)).
shadow(print(T), arena_host_load:bot_print(T)).
shadow(write_term(T, Options), arena_host_load:bot_write_term(T, Options)).
shadow(put_attr(V, M, A), arena_host_load:bot_put_attr(V, M, A)).
shadow(get_attr(V, M, A), arena_host_load:bot_get_attr(V, M, A)).
shadow(del_attr(V, M), arena_host_load:bot_del_attr(V, M)).
shadow(put_attrs(_, A), not_for_bots(put_attrs/2, A)).
shadow(get_attrs(_, A), not_for_bots(get_attrs/2, A)).
shadow(del_attrs(A), not_for_bots(del_attrs/1, A)).
shadow(b_getval(_, A), not_for_bots(b_getval/2, A)).
shadow(nb_getval(_, A), not_for_bots(nb_getval/2, A)).
shadow(nb_current(_, A), not_for_bots(nb_current/2, A)).

%   not_for_bots(+PI, +Any): never safe; throws if ever called.
not_for_bots(PI, _) :-
    permission_error(call, not_for_bots, PI).

install_shadows(Bot) :-
    forall(shadow(Head, Body0),
           ( functor(Head, Name, Arity),
             functor(Generic, Name, Arity),
             Bot:redefine_system_predicate(Generic),
             (   Body0 = not_for_bots(_, _)
             ->  Body = arena_host_load:Body0
             ;   Body = Body0
             ),
             assertz(Bot:(Head :- Body))
           )),
    findall(Bot:Name/Arity, (shadow(H, _), functor(H, Name, Arity)), PIs),
    compile_predicates(PIs).

%!  bot_print(+Term) is det.
%
%   print/1 for a bot: quoted, operators and numbervars, no portray.

bot_print(Term) :-
    write_term(Term, [portray(false), numbervars(true), quoted(true)]).

%!  bot_write_term(+Term, +Options) is det.
%
%   write_term/2 for a bot: throws a permission error for an option
%   that could call a goal or a hook.

bot_write_term(Term, Options) :-
    must_be(list, Options),
    (   member(Option, Options),
        \+ write_option(Option)
    ->  permission_error(use, write_option, Option)
    ;   write_term(Term, [portray(false)|Options])
    ).

write_option(Option) :-
    nonvar(Option),
    write_option_(Option).

write_option_(quoted(B)) :- boolean(B).
write_option_(ignore_ops(B)) :- boolean(B).
write_option_(numbervars(B)) :- boolean(B).
write_option_(character_escapes(B)) :- boolean(B).
write_option_(dotlists(B)) :- boolean(B).
write_option_(brace_terms(B)) :- boolean(B).
write_option_(no_lists(B)) :- boolean(B).
write_option_(fullstop(B)) :- boolean(B).
write_option_(nl(B)) :- boolean(B).
write_option_(cycles(B)) :- boolean(B).
write_option_(partial(B)) :- boolean(B).
write_option_(quote_non_ascii(B)) :- boolean(B).
write_option_(portray(false)).
write_option_(max_depth(N)) :- integer(N).
write_option_(spacing(S)) :- memberchk(S, [standard, next_argument]).
write_option_(attributes(A)) :- memberchk(A, [ignore, dots, write]).
write_option_(variable_names(L)) :- is_list(L).

boolean(B) :- memberchk(B, [true, false]).

%!  bot_put_attr(?Var, +Module, +Value) is det.
%!  bot_get_attr(?Var, +Module, -Value) is semidet.
%!  bot_del_attr(?Var, +Module) is det.
%
%   put_attr/3, get_attr/3 and del_attr/2 for a bot: its own module is
%   the only attribute module it may use. Another module's attribute
%   runs that module's wake-up code when the variable is bound (the
%   attribute `freeze` calls its value as a goal), and reading one
%   gives the bot goals the system will call later.

bot_put_attr(Var, Module, Value) :-
    own_attribute_module(Module),
    put_attr(Var, Module, Value).

bot_get_attr(Var, Module, Value) :-
    own_attribute_module(Module),
    get_attr(Var, Module, Value).

bot_del_attr(Var, Module) :-
    own_attribute_module(Module),
    del_attr(Var, Module).

%   own_attribute_module(+Module): Module is the bot's; an instantiation
%   error when unbound (the sandbox then tries the goal as written).
own_attribute_module(Module) :-
    (   var(Module)
    ->  instantiation_error(Module)
    ;   bot_module(Module)
    ->  true
    ;   permission_error(use, attribute_module, Module)
    ).

attribute_shadow(bot_put_attr(_, M, _), put_attr/3, M).
attribute_shadow(bot_get_attr(_, M, _), get_attr/3, M).
attribute_shadow(bot_del_attr(_, M), del_attr/2, M).

% declared once they are defined (the sandbox checks that they are)
sandbox:safe_primitive(arena_host_load:bot_print(_)).
sandbox:safe_primitive(arena_host_load:bot_write_term(_, _)).
sandbox:safe_primitive(arena_host_load:bot_put_attr(_, M, _)) :-
    own_attribute_module_(M).
sandbox:safe_primitive(arena_host_load:bot_get_attr(_, M, _)) :-
    own_attribute_module_(M).
sandbox:safe_primitive(arena_host_load:bot_del_attr(_, M)) :-
    own_attribute_module_(M).

%   own_attribute_module_(+Module): as own_attribute_module/1, but fails
%   for another module (the sandbox then refuses the call).
own_attribute_module_(Module) :-
    (   var(Module)
    ->  instantiation_error(Module)
    ;   bot_module(Module)
    ).

%!  bounded_text(+Term, -Text) is det.
%
%   Term written quoted, with depth and length bounds, calling no hook.

bounded_text(Term, Text) :-
    catch(with_output_to(string(Text0),
                         write_term(Term, [quoted(true), max_depth(12), portray(false),
                                           attributes(ignore), cycles(true),
                                           no_lists(false)])),
          _, Text0 = "<unprintable term>"),
    (   string_length(Text0, L), L > 300
    ->  sub_string(Text0, 0, 300, _, Text1),
        string_concat(Text1, "...", Text)
    ;   Text = Text0
    ).

%!  error_text(+Error, -Text) is det.
%
%   Error as one line of text, written here (never through message
%   translation, which could run goals the error carries).

error_text(Error, Text) :-
    (   var(Error)
    ->  Text = "an unbound exception"
    ;   Error = error(Formal, _),
        nonvar(Formal),
        formal_text(Formal, Text0)
    ->  Text = Text0
    ;   Error = error(Formal, _)
    ->  bounded_text(Formal, F),
        format(string(Text), "error ~s", [F])
    ;   bounded_text(Error, E),
        format(string(Text), "uncaught exception ~s", [E])
    ).

formal_text(instantiation_error, "instantiation error: an argument is unbound").
formal_text(type_error(Type, Value), Text) :-
    bounded_text(Type, T), bounded_text(Value, V),
    format(string(Text), "type error: ~s expected, found ~s", [T, V]).
formal_text(domain_error(Domain, Value), Text) :-
    bounded_text(Domain, D), bounded_text(Value, V),
    format(string(Text), "domain error: ~s expected, found ~s", [D, V]).
formal_text(existence_error(procedure, PI), Text) :-
    !,
    bounded_text(PI, P),
    format(string(Text), "unknown procedure ~s", [P]).
formal_text(existence_error(Kind, What), Text) :-
    bounded_text(Kind, K), bounded_text(What, W),
    format(string(Text), "~s ~s does not exist", [K, W]).
formal_text(permission_error(Action, Type, Culprit), Text) :-
    bounded_text(Action, A), bounded_text(Type, T), bounded_text(Culprit, C),
    format(string(Text), "no permission to ~s ~s ~s", [A, T, C]).
formal_text(representation_error(What), Text) :-
    bounded_text(What, W),
    format(string(Text), "cannot represent ~s", [W]).
formal_text(evaluation_error(What), Text) :-
    bounded_text(What, W),
    format(string(Text), "arithmetic: evaluation error: ~s", [W]).
formal_text(resource_error(What), Text) :-
    bounded_text(What, W),
    format(string(Text), "not enough resources: ~s", [W]).
formal_text(syntax_error(What), Text) :-
    syntax_text(What, Text).

                 /*******************************
                 *     AS IF THE CHECK FELL      *
                 *******************************/

%!  close_system_access is det.
%
%   Called in the process that runs the bot's code, after the bot is
%   loaded and before its first move, so that code that got past the
%   check finds less at hand: library(unix)'s predicates (fork/1,
%   exec/1, kill/2, ...; the host needs fork/1 only before) and
%   shell/1,2 are removed, and autoloading loads only the libraries a
%   bot may load (safe_library/1) or imports from modules already
%   loaded, but never from the ones in system_module/1. A bot's own
%   library calls were resolved while it was checked. The jail, not
%   this, is the wall: code that runs unchecked can still load a
%   library by name.

close_system_access :-
    forall(( Module = unix,
             current_module(Module),
             current_predicate(Module:Name/Arity),
             functor(Head, Name, Arity),
             \+ predicate_property(Module:Head, imported_from(_))
           ),
           abolish(Module:Name/Arity)),
    forall(( member(Head, [shell(_), shell(_, _)]),
             predicate_property(system:Head, implementation_module(Module))
           ),
           ( functor(Head, Name, Arity),
             abolish(Module:Name/Arity)
           )),
    (   autoload_restricted
    ->  true
    ;   assertz(autoload_restricted)
    ).

%!  system_module(?Module) is nondet.
%
%   Modules of libraries that act on the system around the process
%   (processes, files, sockets, saved states, foreign code): never
%   autoloaded from once close_system_access/0 ran.

system_module(unix).
system_module(process).
system_module(filesex).
system_module(shell).
system_module(socket).
system_module(streampool).
system_module(prolog_server).
system_module(qsave).
system_module(zip).
system_module(shlib).
system_module(settings).
system_module(broadcast).
system_module(prolog_autoload).
system_module(prolog_pack).
system_module(uid).
system_module(rlimit).
system_module(syslog).
system_module(persistency).
system_module(archive).
system_module(udp_broadcast).
system_module(editline).
system_module(readline).

:- multifile user:exception/3.
user:exception(undefined_predicate, Pred, error) :-
    autoload_restricted,
    (   Pred = Module:Name/Arity
    ->  true
    ;   Pred = Name/Arity,
        Module = user
    ),
    '$autoload':'$find_library'(Module, Name, Arity, LoadModule, Library),
    \+ autoload_allowed(Module, LoadModule, Library).

%   autoload_allowed(+Caller, +LoadModule, +Library): never a system
%   module; for the bot, a library already loaded or a safe one; a game
%   file's code (jailed like the bot) may load any other library.
autoload_allowed(Caller, LoadModule, Library) :-
    \+ system_module(LoadModule),
    (   current_module(LoadModule)
    ->  true
    ;   bot_module(Bot),
        Caller \== Bot
    ->  true
    ->  true
    ;   safe_library(Name),
        absolute_file_name(library(Name), File,
                           [file_type(prolog), access(read), file_errors(fail)]),
        file_name_extension(Library, _, File)
    ->  true
    ).

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
    install_shadows(Bot),
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
    ->  check_clauses(Entries, Problems)
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
    (   atom(What)
    ->  atomic_list_concat(Words, '_', What),
        atomic_list_concat(Words, ' ', Plain)
    ;   bounded_text(What, Plain)
    ),
    format(atom(Text), "syntax error: ~w", [Plain]).

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
        compiled_lambdas(Body, Body1),
        assertz(bot_clause(Name/Arity, Line, Head, Body1)),
        Problems = Tail
    ).

%!  compiled_lambdas(+Body0, -Body) is det.
%
%   Body0 with each yall lambda that `swipl FILE` would compile when
%   loading the file made to mean what it means there. swipl compiles
%   `Params>>Lambda` into a predicate of its own where it is the goal
%   argument of a meta-predicate known at that point (a built-in, or
%   one the file imported before the clause) and library(yall) is
%   loaded (the file loaded it, or clpfd, before the clause): the
%   lambda then shares no variable with the clause (a variable of the
%   clause not declared with `Free/` is a fresh one inside it). Elsewhere
%   the lambda is called as it is, seeing the values the clause's
%   variables have then. A bot's clauses are asserted, not compiled: a
%   lambda swipl would compile is copied here, so that it shares no
%   variable with its clause either.

compiled_lambdas(Body0, Body) :-
    (   bot_lambdas_compiled
    ->  catch(lambda_goal(Body0, Body), _, Body = Body0)
    ;   Body = Body0
    ).

lambda_goal(G0, G) :-
    var(G0),
    !,
    G = G0.
lambda_goal(M:G0, M:G) :-
    !,
    lambda_goal(G0, G).
lambda_goal(G0, G) :-
    compound(G0),
    compound_name_arity(G0, Name, Arity),
    compile_time_meta(Name, Arity, Spec),
    !,
    G0 =.. [Name|Args0],
    Spec =.. [_|Specs],
    maplist(lambda_argument, Specs, Args0, Args),
    G =.. [Name|Args].
lambda_goal(G, G).

%   compile_time_meta(+Name, +Arity, -Spec): the meta-predicate
%   declaration swipl would know for Name/Arity when compiling the bot's
%   file: control constructs and built-ins, and what the bot imported.
compile_time_meta(Name, Arity, Spec) :-
    functor(Head, Name, Arity),
    (   current_predicate(system:Name/Arity),    % never autoloads
        predicate_property(system:Head, meta_predicate(Spec))
    ->  true
    ;   bot_import(Name/Arity),
        bot_module(Bot),
        predicate_property(Bot:Head, meta_predicate(Spec))
    ).

lambda_argument(N, A0, A) :-
    integer(N),
    !,
    lambda_closure(N, A0, A).
lambda_argument(^, A0, A) :-
    !,
    existential_goal(A0, A).
lambda_argument(_, A, A).

existential_goal(A0, A) :-
    nonvar(A0),
    A0 = V^G0,
    !,
    A = V^G,
    existential_goal(G0, G).
existential_goal(A0, A) :-
    lambda_goal(A0, A).

lambda_closure(N, A0, A) :-
    nonvar(A0),
    A0 = (Params>>Lambda0),
    nonvar(Params),
    !,
    (   Params = Free/Params1
    ->  lambda_goal(Lambda0, Lambda),   % Free shared: compiled alike
        A = (Free/Params1>>Lambda)
    ;   is_list(Params),
        length(Params, N)
    ->  copy_term_nat(Params>>Lambda0, Params2>>Lambda1),
        lambda_goal(Lambda1, Lambda),
        A = (Params2>>Lambda)
    ;   A = A0                          % not compiled by swipl either
    ).
lambda_closure(0, A0, A) :-
    !,
    lambda_goal(A0, A).
lambda_closure(_, A, A).

head_problem(Head, 'a clause head cannot be a variable') :-
    var(Head),
    !.
head_problem(Module:_, Problem) :-
    !,
    bounded_text(Module, M),
    format(atom(Problem), "a clause for module ~s: a bot may define predicates \c
                           only in its own module", [M]).
head_problem(Head, Problem) :-
    \+ callable(Head),
    !,
    bounded_text(Head, H),
    format(atom(Problem), "~s cannot be a clause head", [H]).
head_problem(Head, Problem) :-
    functor(Head, Name, Arity),
    memberchk(Name, [goal_expansion, term_expansion]),
    !,
    format(atom(Problem), "~q is an expansion hook: a bot may not define one",
           [Name/Arity]).
head_problem(Head, Problem) :-
    functor(Head, Name, Arity),
    functor(Generic, Name, Arity),
    (   system_predicate(Generic),
        (   predicate_property(system:Generic, iso)
        ;   shadow(Generic, _)
        ;   predicate_property(system:Generic, meta_predicate(_))
        )
    ;   control(Name/Arity)
    ),
    !,
    format(atom(Problem), "~q is a built-in predicate that a bot cannot redefine: \c
                           rename it (e.g. my_~w/~w)", [Name/Arity, Name, Arity]).

%   system_predicate(+Head): Head is defined by the system itself.
system_predicate(Generic) :-
    predicate_property(system:Generic, defined),
    \+ predicate_property(system:Generic, imported_from(_)).

%   own_definition(+PI): the bot defines PI, which may reuse the name of
%   a built-in that is neither ISO nor a meta-predicate (as a module may
%   in SWI-Prolog): the bot's module gets its own predicate.
own_definition(Name/Arity) :-
    bot_module(Bot),
    functor(Generic, Name, Arity),
    (   system_predicate(Generic),
        \+ redefined(Name/Arity)
    ->  Bot:redefine_system_predicate(Generic),
        assertz(redefined(Name/Arity)),
        (   bot_warning_for(Name/Arity)
        ->  true
        ;   once(( bot_clause(Name/Arity, Line, _, _) ; Line = 0 )),
            format(atom(Text), "~w/~w is also a built-in predicate: the bot's own \c
                                definition is used in its module", [Name, Arity]),
            assertz(bot_warning(Line, Text)),
            assertz(bot_warning_for(Name/Arity))
        )
    ;   true
    ).

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
    bounded_text(Body, B),
    format(atom(Problem), "~s is not a goal", [B]).
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
    bounded_text(Sub, S),
    format(atom(Problem), "~s names module ~q: a bot may call only its own \c
                           predicates, the game's and the safe built-ins",
           [S, Module]).

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
        bounded_text(Value, V),
        format(atom(Result), "~s is not a value of double_quotes", [V])
    ).
directive(Directive, Q, Q, Result) :-
    catch(directive_(Directive, Result), E,
          ( error_text(E, Text),
            bounded_text(Directive, D),
            format(atom(Result), "directive ~s: ~w", [D, Text])
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
    ;   bounded_text(Specs, S),
        format(atom(Result), "discontiguous ~s: declare the bot's own \c
                              predicates as Name/Arity", [S])
    ).
directive_(op(Priority, Type, Names), Result) :-
    !,
    bot_module(Bot),
    (   op_names(Names, List)
    ->  forall(member(Name, List), op(Priority, Type, Bot:Name)),
        Result = ok
    ;   bounded_text(Names, N),
        format(atom(Result), "op/3 with ~s: name operators by plain atoms", [N])
    ).
directive_(Directive, Result) :-
    bounded_text(Directive, D),
    format(atom(Result), "directive ~s is not allowed in a bot (allowed: \c
                          use_module of a safe library, dynamic, \c
                          discontiguous, op)", [D]).

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
        record_imports(Spec, Imports),
        (   memberchk(Name, [yall, clpfd])      % clpfd loads yall
        ->  assertz(bot_lambdas_compiled)
        ;   true
        ),
        Result = ok
    ;   findall(L, safe_library(L), Ls),
        bounded_text(Spec, S),
        format(atom(Result), "~s is not a library a bot may load (allowed: ~w)",
               [S, Ls])
    ).

%   record_imports(+Spec, +Imports): what a use_module/1,2 directive of
%   the bot imported (compiled_lambdas/2 needs what swipl would know).
record_imports(Spec, Imports) :-
    (   absolute_file_name(Spec, File, [file_type(prolog), access(read),
                                        file_errors(fail)]),
        module_property(Module, file(File)),
        module_property(Module, exports(Exports))
    ->  forall(( member(PI, Exports),
                 imported(PI, Imports, Name/Arity)
               ),
               assertz(bot_import(Name/Arity)))
    ;   true
    ).

imported(PI, all, PI) :-
    !.
imported(Name/Arity, Imports, As/Arity) :-
    (   memberchk(Name/Arity, Imports)
    ->  As = Name
    ;   memberchk(Name/Arity as As, Imports)
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
               ( own_definition(PI),
                 dynamic(Bot:PI),
                 assertz(bot_dynamic(PI))
               )),
        Result = ok
    ;   bounded_text(Specs, S),
        format(atom(Result), "dynamic ~s: declare the bot's own predicates as \c
                              Name/Arity", [S])
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
    findall(PI, bot_clause(PI, _, _, _), PIs0),
    sort(PIs0, PIs),
    forall(member(PI, PIs), own_definition(PI)),
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

%!  check_clauses(+Entries, -Problems) is det.
%
%   Proves every predicate of the bot safe with library(sandbox), the
%   entry points first: code no entry point reaches can still be called
%   (attribute hooks, for one). A refusal names the clause that calls
%   what is not allowed.

check_clauses(Entries, Problems) :-
    bot_module(Bot),
    findall(PI, bot_clause(PI, _, _, _), PIs0),
    append(Entries, PIs0, PIs1),
    list_to_set(PIs1, PIs),
    findall(Problem,
            ( member(Name/Arity, PIs),
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
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    strip_module(Goal, _, Shadow),
    attribute_shadow(Shadow, PI, Module),
    !,
    bot_module(Bot),
    bounded_text(Module, M),
    format(atom(Reason), "calls ~q with attribute module ~s: a bot may use only \c
                          its own module, ~q, as an attribute module (another \c
                          module's attribute can run goals when its variable is \c
                          bound)", [PI, M, Bot]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    strip_module(Goal, _, not_for_bots(PI, _)),
    memberchk(PI, [put_attrs/2, get_attrs/2, del_attrs/1]),
    !,
    bot_module(Bot),
    format(atom(Reason), "calls ~q, which a bot may not call (it reaches other \c
                          modules' attributes); use put_attr/3, get_attr/3 and \c
                          del_attr/2 with the bot's own module, ~q", [PI, Bot]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    strip_module(Goal, _, not_for_bots(PI, _)),
    memberchk(PI, [b_getval/2, nb_getval/2, nb_current/2]),
    !,
    format(atom(Reason), "calls ~q, which a bot may not call (global variables \c
                          are the system's; a bot keeps its data in its own \c
                          dynamic predicates)", [PI]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    strip_module(Goal, _, not_for_bots(PI, _)),
    !,
    format(atom(Reason), "calls ~q, which a bot may not call (it turns a message \c
                          into text, which can run goals); use format/2", [PI]).
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
