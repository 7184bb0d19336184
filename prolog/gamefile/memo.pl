:- module(arena_gamefile_memo,
          [ remembering_program/3,    % +Code, +Program0, -Program
            with_rule_memo/2           % +View, :Goal
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(facts).

:- meta_predicate with_rule_memo(+, 0).

/** <module> game_over/2 remembered per state during a search

A course game's rules call game_over/2 again and again on one state: its
valid_moves/2 and move/3 check that the game is not over, and a search
asks it of every child. A game file loaded in the game host's jail has
its game_over/2 clauses renamed '$arena_game_over'/2 as it loads
(remembering_program/3), and game_over/2 asks them through remembered/2,
so its own rules' calls go through it too. While the general AI searches
(with_rule_memo/2), remembered/2 keeps the answer of the last 4,096
ground states it was asked, by the state's hash; outside a search it
only calls the game's clauses. Inside a search a state's game_over/2 is
its first answer, as the contract (semidet) has it. A game that changes
facts, or declares game_over/2 (dynamic, multifile, ...), loads as it
is: its answer may depend on more than the state.
*/

slots(4096).

%!  remembering_program(+Code, +Program0, -Program) is det.
%
%   Program0 (the terms of a game file for module Code) with its
%   game_over/2 clauses renamed and game_over/2 defined over them
%   through remembered/2; Program0 itself where the game changes facts,
%   names game_over/2 in a directive, or has no game_over/2 clause.

remembering_program(Code, Program0, Program) :-
    (   \+ program_changes_facts(Program0),
        \+ ( member((:- Directive), Program0), sub_term(game_over/2, Directive) ),
        maplist(renamed, Program0, Program1, Renamed),
        memberchk(true, Renamed)
    ->  Head = game_over(S, W),
        append(Program1,
               [(Head :- arena_gamefile_memo:remembered(Head, Code:'$arena_game_over'(S, W)))],
               Program)
    ;   Program = Program0
    ).

renamed(Term0, Term, true) :-
    (   Term0 = (game_over(S, W) :- Body)
    ->  Term = ('$arena_game_over'(S, W) :- Body)
    ;   Term0 = game_over(S, W)
    ->  Term = '$arena_game_over'(S, W)
    ),
    !.
renamed(Term, Term, false).

%!  with_rule_memo(+View, :Goal) is semidet.
%
%   Goal (a search of the game whose raw view, or its det: view, is
%   View) with the game's game_over/2 remembered; Goal alone for a game
%   loaded as it is (a built-in game, a game outside the jail, a game
%   that changes facts).

with_rule_memo(View, Goal) :-
    (   (   atom_concat('det:', Raw, View)
        ->  true
        ;   Raw = View
        ),
        arena_gamefile:game_raw(Game, Raw),
        arena_gamefile:game_code(Game, Code),
        current_predicate(Code:'$arena_game_over'/2)
    ->  (   nb_current(arena_memo_cache, Outer)
        ->  true
        ;   Outer = []
        ),
        slots(N),
        functor(Cache, slots, N),
        setup_call_cleanup(nb_setval(arena_memo_cache, Cache),
                           Goal,
                           nb_setval(arena_memo_cache, Outer))
    ;   call(Goal)
    ).

:- public remembered/2.

%   remembered(+Head, :Goal): Head (game_over(State, Winner)) from the
%   cache when its State is there, else Goal's first answer (or its
%   failure) kept there. Outside a search, a non-ground state or a
%   winner given: Goal.
remembered(Head, Goal) :-
    arg(1, Head, State),
    arg(2, Head, Winner),
    (   var(Winner),
        nb_current(arena_memo_cache, Cache),
        compound(Cache),
        ground(State)
    ->  term_hash(State, Hash),
        functor(Cache, _, N),
        I is Hash mod N + 1,
        arg(I, Cache, Entry),
        (   Entry = seen(State0, Answer),
            State0 == State
        ->  true
        ;   (   call(Goal)
            ->  Answer = over(Winner)
            ;   Answer = not_over
            ),
            (   ground(Answer)
            ->  nb_setarg(I, Cache, seen(State, Answer))
            ;   true
            )
        ),
        Answer = over(Winner)
    ;   call(Goal)
    ).
