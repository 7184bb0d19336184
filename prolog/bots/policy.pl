:- module(arena_bot_policy,
          [ install_shadows/1,        % +Bot
            bot_print/1,              % +Term
            bot_write_term/2,         % +Term, +Options
            attribute_shadow/3,       % ?Shadow, ?PI, ?Module
            safe_library/1,           % ?Name
            head_problem/2,           % +Head, -Problem
            body_problem/2,           % +Body, -Problem
            own_definition/1          % +PI
          ]).
:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(sandbox)).
:- use_module(bot_facts).
:- use_module(bot_text).
:- use_module('../sandbox_keys').
:- use_module('../attribute_builtins').
:- use_module(game_ai, []).             % its safe_meta/2 hook goes first

/** <module> What an untrusted bot may call

The allowlist is library(sandbox)'s (check.pl proves every clause of
the bot safe with it), with these changes:

  - The predicates that turn a term into text through message
    translation (print_message/2, message_to_string/2,
    print_message_lines/3) run the goals of `~@` in a message built at
    run time: the bot module gets its own definitions of them, which
    the sandbox refuses (not_for_bots/2).
  - print/1 and write_term/2 get definitions that never call portray
    hooks or goals: print/1 writes like writeq/1, and write_term/2
    refuses the options portray/1 but false, portray_goal/1, blobs/1
    and attributes(portray), and any other option not in
    write_option/1.
  - write/1, writeq/1, write_canonical/1, nl/0, tab/1, put_char/1 are
    safe: the bot's current output is its own captured output.
  - Calls to the game's exported, non-meta predicates are trusted
    (those of its AI are recorded first: game_ai.pl).
  - The built-ins that reach attributes and global variables
    (prolog/attribute_builtins.pl) are the bot's own: put_attr/3 and
    the like allow only the bot's module as attribute module (the
    sandbox allows any module whose hooks are safe, and `freeze`, which
    has none, calls its attribute's value when the variable is bound);
    the others are refused.

A clause of the bot may not define a built-in that is ISO, a control
construct or a meta-predicate, nor an expansion hook, nor '$VAR'/N
(head_problem/2; prolog/sandbox_keys.pl),
nor name a module other than the game (body_problem/2). The libraries
a bot may load are safe_library/1. What reaches the system is taken
from the bot's process after loading (system_access.pl).
*/

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

%   shadow(?Head, ?Body): the bot module's own definitions of built-ins
%   that can run goals from output or reach attributes and global
%   variables; asserted before any clause of the bot.

shadow(print_message(Kind, _), not_for_bots(print_message/2, Kind)).
shadow(message_to_string(_, S), not_for_bots(message_to_string/2, S)).
shadow(print_message_lines(_, _, L), not_for_bots(print_message_lines/3, L)).
shadow(print(T), arena_bot_policy:bot_print(T)).
shadow(write_term(T, Options), arena_bot_policy:bot_write_term(T, Options)).
shadow(Head, Body) :-
    attribute_builtin(Head, Use),
    functor(Head, Name, Arity),
    (   Use == own_module
    ->  attribute_shadow(Own, Name/Arity, _),
        Head =.. [Name|Args],
        Own =.. [_|Args],
        Body = arena_bot_policy:Own
    ;   arg(Arity, Head, Last),
        Body = not_for_bots(Name/Arity, Last)
    ).

%   not_for_bots(+PI, +Any): never safe; throws if ever called.
not_for_bots(PI, _) :-
    permission_error(call, not_for_bots, PI).

install_shadows(Bot) :-
    forall(shadow(Head, Body0),
           ( functor(Head, Name, Arity),
             functor(Generic, Name, Arity),
             Bot:redefine_system_predicate(Generic),
             (   Body0 = not_for_bots(_, _)
             ->  Body = arena_bot_policy:Body0
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

%!  attribute_shadow(?Shadow, ?PI, ?Module) is nondet.
%
%   Shadow is the bot's own definition of attribute built-in PI, called
%   with attribute module Module.

attribute_shadow(bot_put_attr(_, M, _), put_attr/3, M).
attribute_shadow(bot_get_attr(_, M, _), get_attr/3, M).
attribute_shadow(bot_del_attr(_, M), del_attr/2, M).

% declared once they are defined (the sandbox checks that they are)
sandbox:safe_primitive(arena_bot_policy:bot_print(_)).
sandbox:safe_primitive(arena_bot_policy:bot_write_term(_, _)).
sandbox:safe_primitive(arena_bot_policy:bot_put_attr(_, M, _)) :-
    own_attribute_module_(M).
sandbox:safe_primitive(arena_bot_policy:bot_get_attr(_, M, _)) :-
    own_attribute_module_(M).
sandbox:safe_primitive(arena_bot_policy:bot_del_attr(_, M)) :-
    own_attribute_module_(M).

%   own_attribute_module_(+Module): as own_attribute_module/1, but fails
%   for another module (the sandbox then refuses the call).
own_attribute_module_(Module) :-
    (   var(Module)
    ->  instantiation_error(Module)
    ;   bot_module(Module)
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
    var_name_problem(Name/Arity, Problem),
    !.
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
