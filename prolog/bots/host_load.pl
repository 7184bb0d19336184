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
:- use_module(library(pairs)).
:- use_module(bot_facts).
:- use_module(bot_text).
:- use_module(policy).
:- use_module(check).
:- use_module(game_ai, [game_ai_calls/1]).
:- use_module(directives).
:- use_module(lambdas).
:- use_module(system_access).
:- use_module('../untrusted_read').
:- use_module('../sandbox_keys').

/** <module> Reads, checks and loads one untrusted bot

The bot's file is never consulted: its terms are read as data by
prolog/untrusted_read.pl, the allowed directives run here
(directives.pl), and its clauses are asserted into the module
`arena_bot` (see bot_module/1) only after every check passed.

Refused, each problem reported with its line: syntax errors; the
directives directives.pl does not allow; clauses for other modules, for
built-in predicates or for expansion hooks, and goals qualified with
another module (policy.pl); '$VAR' terms, which would poison the
sandbox's proofs (prolog/sandbox_keys.pl); and any clause of the bot (not only what
the entry points reach: attribute hooks are called from outside) that
library(sandbox) safe_goal/1 does not prove safe with policy.pl's
allowlist (check.pl). A goal built at run time cannot be proved safe.
A yall lambda that `swipl FILE` would compile is copied when read
(lambdas.pl), so that it means what it means there.

After loading, close_system_access/0 (system_access.pl) takes from the
bot's process what reaches the system, as if the check could be
bypassed. No text made from the bot's data goes through message
translation: error_text/2 writes errors itself, with bounded_text/2
(bot_text.pl).
*/

%!  load_bot(+File, +Seat, -Hello) is det.
%
%   Reads, checks and loads the bot in File. Hello is the first reply:
%   ready with the protocol (and the calls of the game's own AI it makes,
%   game_ai.pl, which the referee refuses unless allowed), or refused
%   with every problem found.

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
        game_ai_calls(GameAI),
        Hello = _{status:ready, protocol:Protocol, seats:Seats, warnings:Warnings,
                  game_ai:GameAI}
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

%!  read_bot(+File, -Problems) is det.
%
%   Reads every term of File, runs the allowed directives and records
%   the clauses. Problems is a list of Line-Text.

read_bot(File, Problems) :-
    bot_module(Bot),
    read_untrusted_file(File, [module(Bot), encoding(utf8)], bot_item,
                        string, Problems, []).

%   bot_item(+Item, +Quotes0, -Quotes, -Problems, ?Tail): one item of
%   read_untrusted_file/6; an error other than a syntax error is thrown.
bot_item(term(Term, Line, Singletons), Q0, Q, Problems, Tail) :-
    (   Term \= (:- _)
    ->  singleton_warnings(Singletons, Line)
    ;   true
    ),
    term_problems(Term, Line, Q0, Q, Problems, Tail).
bot_item(syntax_error(What, Line), Q, Q, [Line-Text|Tail], Tail) :-
    syntax_text(What, Text).
bot_item(error(Error), _, _, _, _) :-
    throw(Error).

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
    ;   var_term_problem(Clause, Why)
    ->  format(atom(Problem), "the clause ~w", [Why]),
        Problems = [Line-Problem|Tail]
    ;   body_problem(Body, Problem)
    ->  Problems = [Line-Problem|Tail]
    ;   functor(Head, Name, Arity),
        compiled_lambdas(Body, Body1),
        assertz(bot_clause(Name/Arity, Line, Head, Body1)),
        Problems = Tail
    ).

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
