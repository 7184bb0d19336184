:- module(arena_gamefile_safety,
          [ install_shadows/1,        % +Code
            game_toplevel/1,          % +Name
            attribute_hook/2,         % +Code, -PI
            safety_problems/3,        % +Code, +PIs, -Problems
            unsafe_text/2,            % +Error, -Text
            game_error_text/3,        % +Code, +Error, -Text
            message_to_codes/2        % +Message, -Codes
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(sandbox)).
:- use_module('../attribute_builtins').

/** <module> What a game file's code may reach

The code module of a game file (prolog/gamefile/load.pl) gets its own
halt/0,1, abort/0, prolog/0, trace/0 (none: the debugger has no
terminal here) and of the built-ins that reach attributes and global
variables (prolog/attribute_builtins.pl: its own module only as
attribute module, the others refused); outside the jail, library(sandbox) proves its
contract predicates and attribute hooks safe before anything of it runs.
*/

%   install_shadows(+Code): the code module's own definitions of the
%   built-ins above, made before its program is loaded
%   (prolog/gamefile/read.pl refuses a file that defines them).

install_shadows(Code) :-
    forall(code_shadow(Head, Code, Body),
           ( functor(Head, Name, Arity),
             functor(Generic, Name, Arity),
             Code:redefine_system_predicate(Generic),
             assertz(Code:(Head :- Body))
           )),
    findall(Code:Name/Arity,
            ( code_shadow(H, Code, _), functor(H, Name, Arity) ),
            PIs),
    compile_predicates(PIs).

code_shadow(halt, _, arena_gamefile_safety:game_halt(0)).
code_shadow(halt(S), _, arena_gamefile_safety:game_halt(S)).
code_shadow(abort, _, arena_gamefile_safety:game_abort).
code_shadow(prolog, _, arena_gamefile_safety:game_toplevel(prolog)).
code_shadow(trace, _, true).
code_shadow(Head, Code, arena_gamefile_safety:Body) :-
    attribute_builtin(Head, Use),
    Head =.. [Name|Args],
    (   Use == own_module                       % game_put_attr(Code, V, M, A)
    ->  atom_concat(game_, Name, Own),
        Body =.. [Own, Code|Args]
    ;   functor(Head, Name, Arity),
        last(Args, Last),
        Body = not_for_games(Name/Arity, Last)
    ).

%   game_put_attr(+Code, ?Var, +Module, +Value) and the others: the
%   built-in, Module being the game's code module Code. Not public: the
%   sandbox would then prove them by their bodies.

game_put_attr(Code, Var, Module, Value) :-
    own_attribute_module(Code, Module),
    put_attr(Var, Module, Value).

game_get_attr(Code, Var, Module, Value) :-
    own_attribute_module(Code, Module),
    get_attr(Var, Module, Value).

game_del_attr(Code, Var, Module) :-
    own_attribute_module(Code, Module),
    del_attr(Var, Module).

own_attribute_module(Code, Module) :-
    (   Module == Code
    ->  true
    ;   must_be(atom, Module),
        permission_error(use, attribute_module, Module)
    ).

%   game_halt(+Status): halt/0,1 called by game code ends that call as
%   an error of the rule that reached it, never the process.
game_halt(Status) :-
    format(atom(Message), "called halt(~q), which ends the rule here (the arena \c
                           goes on)", [Status]),
    throw(error(game_rule_halt(Message), _)).

%   game_abort: abort/0 likewise (SWI-Prolog's abort would end the host).
game_abort :-
    throw(error(game_rule_halt('called abort, which ends the rule here (the arena goes on)'),
                _)).

%   game_toplevel(+Name): break/0 and prolog/0 would read queries from
%   the host's standard input, its requests; they end the rule as halt
%   does (a course game may end with `break`). The game host wraps
%   system:break/0 itself (prolog/gamehost.pl), so a qualified call
%   meets it too.
game_toplevel(Name) :-
    format(atom(Message), "called ~q, which starts Prolog's interactive toplevel: the \c
                           rule ends here (the arena goes on)", [Name]),
    throw(error(game_rule_halt(Message), _)).

not_for_games(PI, _) :-
    permission_error(call, game_code, PI).

%   attribute_hook(+Code, -PI): a hook Code defines that the system
%   calls for an attribute of Code's (checked like the contract).
attribute_hook(Code, Name/Arity) :-
    member(Name/Arity, [attr_unify_hook/2, attribute_goals/3, attr_portray_hook/2,
                        project_attributes/2]),
    functor(Head, Name, Arity),
    current_predicate(Code:Name/Arity),
    \+ predicate_property(Code:Head, imported_from(_)).

%   message_to_codes(+Message, -Codes): the text print_message/2 gives.
message_to_codes(Message, Codes) :-
    '$messages':translate_message(Message, Lines, []),
    with_output_to(codes(Codes),
                   print_message_lines(current_output, '', Lines)).

%   safety_problems(+Code, +PIs, -Problems)
%
%   library(sandbox) must prove every contract predicate safe, with all
%   it reaches. Output to the current stream is allowed here, as a bot's
%   is (the output is captured), and so is reading from standard input,
%   which is empty while game code runs.

safety_problems(Code, PIs, Problems) :-
    setup_call_cleanup(
        b_setval(arena_gamefile_checking, true),
        convlist(unsafe_problem(Code), PIs, Problems),
        b_setval(arena_gamefile_checking, false)).

unsafe_problem(Code, Name/Arity, Problem) :-
    functor(Head, Name, Arity),
    catch(( safe_goal(Code:Head), fail ),
          Error,
          true),
    nonvar(Error),
    unsafe_text(Error, Why),
    format(atom(Problem), "~w/~w is not safe: ~w", [Name, Arity, Why]).

unsafe_text(error(permission_error(call, sandboxed, Goal), _), Text) :-
    strip_module(Goal, _, Shadow),
    shadow_text(Shadow, Text0),
    !,
    Text = Text0.
unsafe_text(Error, Text) :-
    catch(message_to_codes(Error, Codes), _, fail),
    !,
    atom_codes(Text0, Codes),
    normalize_space(atom(Text), Text0).
unsafe_text(Error, Text) :-
    format(atom(Text), "~q", [Error]).

%   game_error_text(+Code, +Error, -Text): an error of the game's own
%   code as its message says it, without the module the arena loaded the
%   code into, at most 160 characters.
game_error_text(Code, Error, Text) :-
    unsafe_text(Error, Text0),
    format(atom(Qualified), "~q:", [Code]),
    atomic_list_concat(Parts, Qualified, Text0),
    atomic_list_concat(Parts, Text00),
    (   atom_concat('\'<meta-call>\'/1: ', Text01, Text00)
    ->  true
    ;   Text01 = Text00
    ),
    unwrapped(Text01, Text1),
    (   sub_atom(Text1, 0, 160, _, Text2)
    ->  atom_concat(Text2, '...', Text)
    ;   Text = Text1
    ).

%   unwrapped(+Text0, -Text): a predicate the arena wraps named as the
%   game names it ('$wrap$play'/0 is play/0).
unwrapped(Text0, Text) :-
    atomic_list_concat([First|Parts], '\'$wrap$', Text0),
    maplist(name_unquoted, Parts, Unquoted),
    atomic_list_concat([First|Unquoted], Text).

name_unquoted(Part, Unquoted) :-        % "play'/0: ..." is "play/0: ..."
    (   sub_atom(Part, B, 1, A, '\'')
    ->  sub_atom(Part, 0, B, _, Name),
        sub_atom(Part, _, A, 0, Rest),
        atom_concat(Name, Rest, Unquoted)
    ;   Unquoted = Part
    ).

:- multifile sandbox:safe_primitive/1.
sandbox:safe_primitive(system:write(_)) :- checking.
sandbox:safe_primitive(system:writeq(_)) :- checking.
sandbox:safe_primitive(system:print(_)) :- checking.
sandbox:safe_primitive(system:write_canonical(_)) :- checking.
sandbox:safe_primitive(system:nl) :- checking.
sandbox:safe_primitive(system:tab(_)) :- checking.
sandbox:safe_primitive(system:put_char(_)) :- checking.
sandbox:safe_primitive(system:read(_)) :- checking.
sandbox:safe_primitive(system:read_term(_, _)) :- checking.
sandbox:safe_primitive(system:get_char(_)) :- checking.
sandbox:safe_primitive(system:peek_char(_)) :- checking.
sandbox:safe_primitive(system:skip(_)) :- checking.

sandbox:safe_primitive(arena_gamefile_safety:game_put_attr(C, _, M, _)) :-
    own_attribute_module_(C, M).
sandbox:safe_primitive(arena_gamefile_safety:game_get_attr(C, _, M, _)) :-
    own_attribute_module_(C, M).
sandbox:safe_primitive(arena_gamefile_safety:game_del_attr(C, _, M)) :-
    own_attribute_module_(C, M).

%   own_attribute_module_(+Code, +Module): Module is Code; fails for
%   another (the sandbox then refuses the call), an instantiation error
%   when unbound (the sandbox then tries the goal as called).
own_attribute_module_(Code, Module) :-
    (   var(Module)
    ->  instantiation_error(Module)
    ;   Module == Code
    ).

shadow_text(game_put_attr(_, _, M, _), Text) :-
    attribute_text(put_attr/3, M, Text).
shadow_text(game_get_attr(_, _, M, _), Text) :-
    attribute_text(get_attr/3, M, Text).
shadow_text(game_del_attr(_, _, M), Text) :-
    attribute_text(del_attr/2, M, Text).
shadow_text(not_for_games(PI, _), Text) :-
    format(atom(Text), "it calls ~q, which game code may not call (it reaches \c
                        other modules' attributes or the system's global \c
                        variables)", [PI]).

attribute_text(PI, Module, Text) :-
    format(atom(Text), "it calls ~q with attribute module ~q: game code may use \c
                        only its own module as an attribute module (another \c
                        module's attribute can run goals when its variable is \c
                        bound)", [PI, Module]).

checking :-
    nb_current(arena_gamefile_checking, true),
    b_getval(arena_gamefile_checking, true).
