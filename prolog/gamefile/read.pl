:- module(arena_gamefile_read,
          [ read_game_file/6,         % +File, +Dialect0, +Code, -Program, -Dialect, -Problems
            skipped_entry/1,          % -Note
            directive_line/3          % ?Goal, -File, -Line
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module(library(error)).
:- use_module('../untrusted_read').
:- use_module('../sandbox_keys').
:- use_module('../term_text', [bounded_text/3]).
:- use_module([do_loops, operators, sicstus_clpfd, quotes]).  % SICStus' reading
:- use_module(read_policy).
:- use_module(paths, [game_root/2, spec_path/3]).
:- use_module(read_terms, [no_empty_args/2, conj_list/2, list_conj/2, plunit_block/2,
                           entry_point/2, entry_goal/2, conj_member/2]).
:- use_module(redefined).

:- dynamic skipped_entry/1.
:- dynamic directive_line/3.            % Goal, File, Line: a directive run at load

%!  skipped_entry(-Note) is nondet.
%
%   What the last file read left out, Note naming file and line: an
%   initialization directive that starts the program (`:-
%   initialization(main, main)`, `:- initialization(play)`), a clause
%   with a syntax error, a file it loads that is not there.

/** <module> Reading a game file as data

A game file and the files beside it that it loads are read term by term
(prolog/untrusted_read.pl), never consulted. Directives are limited to
module/2, use_module/1,2, ensure_loaded/1, consult/1, include/1 (and
`[File]`, SICStus' reconsult/1, compile/1 and load_files/1,2) of libraries or of files in the game's folder, dynamic/1,
discontiguous/1, op/3, expects_dialect/1 and
set_prolog_flag(double_quotes, _) (a block of plunit tests, begin_tests
to end_tests, is left out whole), and, in a jail (the Prolog flag
arena_game_jail), initialization/1 but for an entry point such as `play`
or `main` (left out: skipped_entry/1). Files of the game's folder are
inlined (each once), so a multi-file student project becomes one program
in one module; library loads are kept as directives. Clauses for other
modules, expansion hooks and definitions of the built-ins the arena
keeps (kept_builtin/1) are refused, and so are the libraries that act on
the system (system_library/1: process, unix, filesex, socket, http/...,
...) where no jail holds the game (in the game host's jail, the jail is
the wall).

SICStus code: when the file asks for a library that SWI-Prolog has only
in its SICStus 4 emulation (`library(between)`, `library(samsort)`, ...)
or says expects_dialect(sicstus4), the program is read and loaded under
that emulation (double_quotes codes), unless Dialect0 forces one.

    ?- read_game_file('/g/nim.pl', auto, 'code:nim', P, D, []).
*/

%!  read_game_file(+File, +Dialect0, +Code, -Program, -Dialect, -Problems) is det.
%
%   Program is the list of terms to load (clauses and the kept
%   directives), Dialect swi or sicstus4, Problems a list of atoms, each
%   naming a file, a line and what is refused there. Code is the module
%   the program is meant for (op/3 directives apply to it).

read_game_file(File, Dialect0, Code, Program, Dialect, Problems) :-
    must_be(oneof([auto, swi, sicstus4]), Dialect0),
    retractall(skipped_entry(_)),
    (   exists_file(File)
    ->  true
    ;   existence_error(game_file, File)
    ),
    game_root(File, Root),
    (   Dialect0 == auto
    ->  read_pass(File, Root, swi, Code, Program1, Wants, Problems1),
        (   ( Wants == sicstus4 ; strings_as_lists(Program1) )
        ->  Dialect = sicstus4,
            read_pass(File, Root, sicstus4, Code, Program, _, Problems)
        ;   Dialect = swi,
            Program = Program1,
            Problems = Problems1
        )
    ;   Dialect = Dialect0,
        read_pass(File, Root, Dialect, Code, Program, _, Problems)
    ).

%   read_pass(+File, +Root, +Dialect, +Code, -Program, -Wants, -Problems):
%   the program read; a clause SICStus cannot read either (a syntax
%   error) and a file beside it that is not there are left out, as
%   SICStus' consult leaves them out and goes on, each noted in
%   skipped_entry/1; Problems are what refuses the file.
read_pass(File, Root, Dialect, Code, Program, Wants, Problems) :-
    retractall(skipped_entry(_)),
    retractall(directive_line(_, _, _)),
    read_terms(File, Root, Dialect, Code, Program, Wants, Problems0),
    partition([P]>>skipped_how(P, _), Problems0, Skipped, Problems),
    forall(( member(P, Skipped), skipped_how(P, How) ),
           ( format(atom(Note), "~w (~w)", [P, How]), assertz(skipped_entry(Note)) )).

skipped_how(Problem, How) :-
    (   sub_atom(Problem, _, _, _, ': syntax error: ')
    ->  How = "the clause skipped, as SICStus skips it"
    ;   sub_atom(Problem, _, _, _, ': no file ')
    ->  How = "loading goes on without it, as in SICStus"
    ;   sub_atom(Problem, _, _, _, ' is a fact, not a directive: ')
    ->  How = "left out, as SICStus leaves out a clause for a built-in"
    ).

read_terms(File, Root, Dialect, Code, Program, Wants, Problems) :-
    State = state([], swi, [], Dialect, false), % files read, dialect wanted, problems,
                                        % dialect, in a plunit block
    forall(sicstus_operator(P, T, Name), op(P, T, Code:Name)),
    (   Dialect == sicstus4
    ->  Quotes = codes
    ;   Quotes = string
    ),
    redefinitions(read_all(File, Root, Quotes, Code, State), Program),
    arg(2, State, Wants),
    arg(3, State, Problems0),
    reverse(Problems0, Problems).

read_all(File, Root, Quotes, Code, State, [Start|Program]) :-
    file_start(File, Start),
    file_end(End),
    read_file_terms(File, Root, Quotes, Code, State, Program, [End]).

read_file_terms(File, Root, Quotes0, Code, State, Program, Tail) :-
    arg(1, State, Seen),
    (   memberchk(File, Seen)
    ->  Program = Tail
    ;   nb_setarg(1, State, [File|Seen]),
        read_untrusted_file(File, [module(Code), syntax_errors(continue)],
                            game_item(File, Root, Code, State),
                            Quotes0, Program, Tail)
    ).

%   game_item(+File, +Root, +Code, +State, +Item, +Quotes0, -Quotes,
%   -Program, ?Tail): one item of read_untrusted_file/6.
game_item(File, Root, Code, State, term(Term0, Line, _), Q0, Q, P, T) :-
    no_empty_args(Term0, Term),
    term_program(Term, File, Line, Root, Q0, Q, Code, State, P, T).
game_item(File, _, _, State, syntax_error(What, Line0), Q, Q, T, T) :-
    (   Line0 == 0
    ->  Line = '?'
    ;   Line = Line0
    ),
    (   atom(What)
    ->  atomic_list_concat(Words, '_', What),
        atomic_list_concat(Words, ' ', Said)
    ;   Said = What
    ),
    problem(State, File, Line, "syntax error: ~w", [Said]).
game_item(File, _, _, State, error(Error), Q, Q, T, T) :-
    problem(State, File, '?', "cannot read: ~q", [Error]).

problem(State, File, Line, Format, Args) :-
    format(atom(What), Format, Args),
    format(atom(Problem), "~w:~w: ~w", [File, Line, What]),
    arg(3, State, Problems),
    nb_setarg(3, State, [Problem|Problems]).

term_program((:- Directive), File, Line, Root, Q0, Q, Code, State, P, T) :-
    !,
    directive_program(Directive, File, Line, Root, Q0, Q, Code, State, P, T).
term_program((?- Directive), File, Line, Root, Q0, Q, Code, State, P, T) :-
    !,
    directive_program(Directive, File, Line, Root, Q0, Q, Code, State, P, T).
term_program(_, _, _, _, Q, Q, _, State, T, T) :-
    arg(5, State, true),                % a plunit block's tests: not the game's
    !.
term_program(Clause, File, Line, _, Q, Q, _, State, P, T) :-
    (   clause_problem(Clause, Why)
    ->  problem(State, File, Line, "~w", [Why]),
        P = T
    ;   dot_lists(Clause, Clause0),
        clpfd_division(Clause0, Clause1),
        clause_do_loops(Clause1, Clauses, Problems),
        forall(member(Why, Problems), problem(State, File, Line, "~w", [Why])),
        append(Clauses, T, P)
    ).

clause_problem(Clause, Why) :-
    clause_head(Clause, Head),
    (   var(Head)
    ->  Why = 'a clause whose head is a variable'
    ;   Head = M:_
    ->  format(atom(Why), "a clause for module ~q (only the game's own predicates may be defined)", [M])
    ;   \+ callable(Head)
    ->  format(atom(Why), "~q is not a clause", [Clause])
    ;   Clause = Head,                  % `include('rules.pl').`, the `:-` left out
        load_fact(Head, Spec)
    ->  bounded_text(Head, 80, Said), bounded_text(Spec, 80, Named),
        format(atom(Why), "~w is a fact, not a directive: ~w is not loaded \c
                           (a directive is written `:- ~w.`)", [Said, Named, Said])
    ;   functor(Head, Name, Arity),
        hook(Name/Arity)
    ->  format(atom(Why), "~w/~w would run at load time: not allowed", [Name, Arity])
    ;   functor(Head, Name, Arity),
        kept_builtin(Name/Arity)
    ->  format(atom(Why), "~w/~w is a built-in predicate the arena keeps: \c
                           a game file may not define it (rename it)", [Name, Arity])
    ;   functor(Head, Name, Arity),       % in a jail too: untrusted code
        var_name_problem(Name/Arity, Why)
    ->  true
    ;   var_term_problem(Clause, Why0)
    ->  format(atom(Why), "the clause ~w", [Why0])
    ).

clause_head((Head :- _), Head) :- !.
clause_head((Head --> _), Head1) :-
    !,
    (   nonvar(Head), Head = (H, _)
    ->  Head1 = H
    ;   Head1 = Head
    ).
clause_head(Head, Head).

load_fact(Head, Spec) :-
    Head =.. [Name, Spec|_],
    memberchk(Name, [include, consult, ensure_loaded, use_module, reconsult]),
    (   atom(Spec) ; Spec = [_|_] ; Spec = library(_) ).

hook(term_expansion/2).
hook(term_expansion/4).
hook(goal_expansion/2).
hook(goal_expansion/4).

directive_program(Directive, File, Line, _, Q, Q, _, State, T, T) :-
    var(Directive),
    !,
    problem(State, File, Line, "a directive that is a variable", []).
directive_program(Tests, _, _, _, Q, Q, _, State, T, T) :-
    plunit_block(Tests, Inside),
    !,
    nb_setarg(5, State, Inside).
directive_program(_, _, _, _, Q, Q, _, State, T, T) :-
    arg(5, State, true),
    !.
directive_program(module(_, Exports), File, Line, _, Q, Q, Code, State, [M|T], T) :-
    !,
    module_file(M),
    (   is_list(Exports)
    ->  forall(member(op(P, Type, Names), Exports),
               catch(op(P, Type, Code:Names), Error,
                     problem(State, File, Line, "op/3: ~q", [Error])))
    ;   true
    ).
directive_program(Load, File, Line, Root, Q, Q, Code, State, P, T) :-
    load_directive(Load, Specs, Imports),
    !,
    load_specs(Specs, Imports, File, Line, Root, Q, Code, State, P, T).
directive_program(Declaration, File, Line, _, Q, Q, _, State, T, T) :-
    memberchk(Declaration, [dynamic(_), discontiguous(_)]),
    sub_term(Name, Declaration),
    Name == '$VAR',
    !,
    problem(State, File, Line, "~w declares '$VAR'/N, the name library(sandbox) gives \c
            the variables of the goals it proves safe: rename it", [Declaration]).
directive_program(dynamic(Spec), _, _, _, Q, Q, _, _, [(:- dynamic(Spec))|T], T) :-
    !.
directive_program(discontiguous(Spec), _, _, _, Q, Q, _, _,
                  [(:- discontiguous(Spec))|T], T) :-
    !.
directive_program(op(P, Type, Names), File, Line, _, Q, Q, Code, State, T, T) :-
    !,
    catch(op(P, Type, Code:Names), Error,
          problem(State, File, Line, "op/3: ~q", [Error])).
directive_program(expects_dialect(D), File, Line, _, Q, Q, _, State, T, T) :-
    !,
    (   D == sicstus4
    ->  nb_setarg(2, State, sicstus4)
    ;   D == swi
    ->  true
    ;   problem(State, File, Line, "expects_dialect(~q): only sicstus4 or swi", [D])
    ).
directive_program(set_prolog_flag(double_quotes, V), File, Line, _, Q0, Q, _, State, T, T) :-
    !,
    (   double_quotes_value(V)
    ->  Q = V
    ;   Q = Q0,
        problem(State, File, Line, "double_quotes ~q is not a value", [V])
    ).
directive_program(prolog_flag(double_quotes, _, V), File, Line, R, Q0, Q, C, S, P, T) :-
    !,                                  % SICStus' way of setting a flag
    directive_program(set_prolog_flag(double_quotes, V), File, Line, R, Q0, Q, C, S, P, T).
directive_program(Flag, _, _, _, Q, Q, _, _, T, T) :-
    (   Flag = set_prolog_flag(Name, _)
    ;   Flag = prolog_flag(Name, _, _)
    ),
    atom(Name),
    memberchk(Name, [syntax_errors, answer_write_options, toplevel_print_options, verbose,
                     print_write_options, verbose_load, informational, history]),
    !.                                  % how the top level and read/1 speak: moot here
directive_program((A, B), File, Line, Root, Q0, Q, Code, State, P, T) :-
    !,                                  % each goal of a conjunction on its own;
    (   conj_member(G, (A, B)),         % the program's start: only its loads
        entry_goal(G, _)
    ->  findall(L, ( conj_member(L, (A, B)), once(load_directive(L, _, _)) ), Ls),
        conj_directives([G|Ls], File, Line, Root, Q0, Q, Code, State, P, T, _)
    ;   conj_list((A, B), Members),     % not findall/3: its copies share no variable
        conj_directives(Members, File, Line, Root, Q0, Q, Code, State, P, P1, Goals),
        (   Goals == []
        ->  P1 = T
        ;   list_conj(Goals, Goal),         % one goal, its variables shared
            run_at_load(Goal, File, Line, P1, T)
        )
    ).
directive_program(Directive, File, Line, _, Q, Q, _, State, P, T) :-
    (   Directive = initialization(Goal)
    ;   Directive = initialization(Goal, _)
    ),
    !,
    (   \+ current_prolog_flag(arena_game_jail, true)
    ->  problem(State, File, Line,
                "initialization/1 runs a goal at load time: not allowed in a game \c
                 file outside a jail", []),
        P = T
    ;   entry_point(Directive, Name)
    ->  format(atom(Note), "~w:~w: ~w is the program's own entry point: not run \c
                            (the arena calls the game's rules)", [File, Line, Name]),
        assertz(skipped_entry(Note)),
        P = T
    ;   run_at_load(Goal, File, Line, P, T)
    ).
directive_program(Directive, File, Line, _, Q, Q, _, _, T, T) :-
    conj_member(Goal, Directive),
    entry_goal(Goal, Name),
    !,
    format(atom(Note), "~w:~w: ~w is the program's own entry point: not run \c
                        (the arena calls the game's rules)", [File, Line, Name]),
    assertz(skipped_entry(Note)).
directive_program(Directive, File, Line, _, Q, Q, _, State, P, T) :-
    (   current_prolog_flag(arena_game_jail, true)
    ->  run_at_load(Directive, File, Line, P, T)  % `:- init_random_state.`: in the
    ;   problem(State, File, Line,              % jail, once the file is loaded
                "directive ~q runs a goal at load time: a game file may only \c
                 load files beside it or libraries and declare dynamic, \c
                 discontiguous or op", [Directive]),
        P = T
    ).

%   conj_directives(+Members, ..., -Goals): each member of a conjunction
%   read as a directive; the goals run at load kept in Goals, in order.
conj_directives([], _, _, _, Q, Q, _, _, T, T, []).
conj_directives([D|Ds], File, Line, Root, Q0, Q, Code, State, P, T, Goals) :-
    directive_program(D, File, Line, Root, Q0, Q1, Code, State, P0, []),
    (   append(Loops, [(:- initialization(G))], P0)    % its do-loops' clauses
    ->  Goals = [G|Goals1],
        append(Loops, P1, P)
    ;   append(P0, P1, P),
        Goals = Goals1
    ),
    conj_directives(Ds, File, Line, Root, Q1, Q, Code, State, P1, T, Goals1).

%   run_at_load(+Goal, +File, +Line, -P, ?T): Goal run once the file is
%   loaded, its line remembered for its errors (directive_line/3).
run_at_load(Goal0, File, Line, P, T) :-
    goal_do_loops(Goal0, File-Line, Goal, Loops),
    append(Loops, [(:- initialization(Goal))|T], P),
    assertz(directive_line(Goal, File, Line)).

load_directive(use_module(S), S, all).
load_directive(use_module(S, I), S, I).
load_directive(ensure_loaded(S), S, all).
load_directive(consult(S), S, all).
load_directive(reconsult(S), S, all).
load_directive(compile(S), S, all).
load_directive(load_files(S), S, all).
load_directive(load_files(S, _), S, all).
load_directive(include(S), S, included).
load_directive(reexport(S), S, all).
load_directive([H|T], [H|T], all).

load_specs(Specs, Imports, File, Line, Root, Q, Code, State, P, T) :-
    (   is_list(Specs)
    ->  List = Specs
    ;   List = [Specs]
    ),
    foldl_program(List, Imports, File, Line, Root, Q, Code, State, P, T).

foldl_program([], _, _, _, _, _, _, _, T, T).
foldl_program([Spec|Specs], Imports, File, Line, Root, Q, Code, State, P, T) :-
    load_spec(Spec, Imports, File, Line, Root, Q, Code, State, P, P1),
    foldl_program(Specs, Imports, File, Line, Root, Q, Code, State, P1, T).

load_spec(Spec, _, File, Line, _, _, _, State, T, T) :-
    var(Spec),
    !,
    problem(State, File, Line, "loading a file named by a variable", []).
load_spec(library(Lib), _, File, Line, _, _, _, State, T, T) :-
    \+ current_prolog_flag(arena_game_jail, true),    % in the jail, the jail is the wall
    system_library(Lib),
    !,
    problem(State, File, Line,
            "~q runs programs, touches files or the network: a game file \c
             may not load it", [library(Lib)]).
load_spec(library(Lib), Imports, _, _, _, _, Code, State, P, T) :-
    !,
    (   library_exists(Lib, Where)
    ->  (   Where == sicstus4
        ->  nb_setarg(2, State, sicstus4)
        ;   true
        ),
        arg(4, State, Dialect),
        library_operators(Lib, Dialect, Code),
        (   Imports == included
        ->  library_import(Lib, all, Load)
        ;   library_import(Lib, Imports, Load)
        ),
        P = [(:- Load)|T]
    ;   P = T                           % SICStus says so and loads the rest: a
    ).                                  % call of what it lacks names it then
load_spec(Spec, Imports, File, Line, Root, Q, Code, State, P, T) :-
    atomic(Spec),
    file_directory_name(File, Dir),
    (   spec_path(Spec, Dir, Path)
    ->  (   sub_atom(Path, 0, _, _, Root),
            atom_concat(Root, Rest, Path),
            sub_atom(Rest, 0, 1, _, '/')
        ->  (   Imports == included         % its clauses are the includer's
            ->  read_file_terms(Path, Root, Q, Code, State, P, T)
            ;   file_start(Path, Start),    % a file loaded: it may redefine
                file_end(End),
                P = [Start|P1],
                read_file_terms(Path, Root, Q, Code, State, P1, [End|T])
            )
        ;   problem(State, File, Line,
                    "~w is outside the game's folder ~w", [Path, Root]),
            P = T
        )
    ;   problem(State, File, Line, "no file ~q beside ~w", [Spec, File]),
        P = T
    ),
    !.
load_spec(Spec, _, File, Line, _, _, _, State, T, T) :-
    problem(State, File, Line,
            "~q: a game file may load only libraries and files beside it", [Spec]).

%   library_exists(+Lib, -Where): swi when SWI-Prolog has library(Lib),
%   sicstus4 when only its SICStus 4 emulation has it.

library_exists(Lib, Where) :-
    ground(Lib),
    (   absolute_file_name(library(Lib), _,
                           [file_type(prolog), access(read), file_errors(fail)])
    ->  Where = swi
    ;   absolute_file_name(library(dialect/sicstus4/Lib), _,
                           [file_type(prolog), access(read), file_errors(fail)])
    ->  Where = sicstus4
    ).
