:- module(arena_bot_game_ai,
          [ checking_bot_predicate/2, % +PI, :Goal
            game_ai_calls/1           % -Calls
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(bot_facts).

/** <module> Which of the game's own AI a bot calls

A bot is to choose its moves with the game's rules, not by calling the
search the game ships: the game's choose_move/N (qualified, as in
`connect4:choose_move(S, 3, M)`, or unqualified, found through the
game module the bot module inherits from), any predicate of the searches
in prolog/ai/, and any predicate of the game that reaches one of them
(tictactoe:solved_outcome/2, trike:random_playout/2).

While check.pl proves the bot's predicates safe, the sandbox's
safe_meta/2 hook here sees every goal it walks and records each such
call with the bot predicate being checked; the host reports them in its
hello (`game_ai`) and the referee refuses the bot unless the tournament
allows the game's AI (pybridge/host/bot_host.py).

    ?- game_ai_calls(Calls).
    Calls = ['choose_move/2 calls connect4:choose_move/3'].
*/

:- dynamic
    ai_directory/1,                 % Dir, ending in /
    ai_call/2,                      % BotPI, Module:Name/Arity
    reaches_ai/2.                   % Module:Name/Arity, Bool (memo)

:- meta_predicate checking_bot_predicate(+, 0).

%!  checking_bot_predicate(+PI, :Goal) is semidet.
%
%   Goal (a proof of bot predicate PI) with the calls it meets recorded
%   as PI's.

checking_bot_predicate(PI, Goal) :-
    setup_call_cleanup(
        b_setval(arena_checked_bot_pi, PI),
        Goal,
        b_setval(arena_checked_bot_pi, none)).

%!  game_ai_calls(-Calls) is det.
%
%   Each bot predicate that calls the game's AI, and what it calls, as
%   text, sorted.

game_ai_calls(Calls) :-
    findall(Text,
            ( ai_call(Name/Arity, Module:AIName/AIArity),
              format(atom(Text), "~w/~w calls ~q:~w/~w",
                     [Name, Arity, Module, AIName, AIArity])
            ),
            Calls0),
    sort(Calls0, Calls).

% Seen before the game's trusted exports are let through (policy.pl
% loads this module before its own safe_meta/2 clause); never succeeds.
:- multifile sandbox:safe_meta/2.
sandbox:safe_meta(Goal, _) :-
    nb_current(arena_checked_bot_pi, BotPI),
    BotPI \== none,
    Goal = Module:Plain,
    atom(Module),
    callable(Plain),
    game_ai_goal(Module:Plain, AI),
    (   ai_call(BotPI, AI)
    ->  true
    ;   AI = Defined:_,
        ai_module(Defined),
        ai_call(BotPI, Other:_),
        ai_module(Other)
    ->  true                            % the search's own calls, walked after its entry
    ;   assertz(ai_call(BotPI, AI))
    ),
    fail.

%   game_ai_goal(+Goal, -AI): Goal runs the game's AI AI (Module:PI).
game_ai_goal(Module:Plain, Defined:Name/Arity) :-
    predicate_property(Module:Plain, implementation_module(Defined)),
    functor(Plain, Name, Arity),
    game_ai(Defined, Name/Arity).

game_ai(Module, _) :-
    ai_module(Module),
    !.
game_ai(Module, Name/Arity) :-
    game_module(Game),
    Module == Game,
    (   Name == choose_move
    ->  true
    ;   reaches(Module:Name/Arity)
    ).

%   ai_module(+Module): Module is one of the searches in prolog/ai/.
ai_module(Module) :-
    module_property(Module, file(File)),
    ai_directory(Dir),
    sub_atom(File, 0, _, _, Dir).

:- prolog_load_context(directory, Here),
   atom_concat(Here, '/../ai', Dir0),        % not library(filesex): the host has none
   absolute_file_name(Dir0, Dir, [file_type(directory)]),
   atom_concat(Dir, '/', Slashed),
   assertz(ai_directory(Slashed)).

%   reaches(+Module:PI): a clause of the game's predicate PI names a
%   predicate of a search, directly or through the game's own predicates
%   (every callable subterm is taken as a goal: what is data names no
%   predicate of a search).
reaches(Key) :-
    reaches_ai(Key, Bool),
    !,
    Bool == true.
reaches(Key) :-
    assertz(reaches_ai(Key, false)),            % a cycle reaches nothing new
    (   reaches_(Key)
    ->  retractall(reaches_ai(Key, _)),
        assertz(reaches_ai(Key, true))
    ;   fail
    ).

reaches_(Module:Name/Arity) :-
    functor(Head, Name, Arity),
    \+ predicate_property(Module:Head, foreign),
    catch(clause(Module:Head, Body), _, fail),
    sub_term(Sub, Body),
    callable(Sub),
    \+ Sub = _:_,
    current_predicate(_, Module:Sub),           % no autoloading
    predicate_property(Module:Sub, implementation_module(Defined)),
    functor(Sub, SubName, SubArity),
    (   ai_module(Defined)
    ->  true
    ;   Defined == Module,
        reaches(Module:SubName/SubArity)
    ),
    !.
