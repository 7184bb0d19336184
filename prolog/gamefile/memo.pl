:- module(arena_gamefile_memo,
          [ remembering_program/2,    % +Program0, -Program
            with_rule_memo/2           % +View, :Goal
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(view).

:- meta_predicate with_rule_memo(+, 0).

/** <module> game_over/2 remembered per state during a search

A course game's rules call game_over/2 again and again on one state: its
valid_moves/2 and move/3 check that the game is not over, and a search
asks it of every child. A game file loaded in the game host's jail has
its game_over/2 clauses renamed '$arena_game_over'/2 as it loads
(remembering_program/2), and game_over/2 asks them through a cache, so
its own rules' calls go through it too. While the general AI searches
(with_rule_memo/2), the cache keeps the answer of the last 4,096 ground
states it was asked (of at most 1,024 cells each), by the state's hash; outside a search game_over/2
only calls the game's clauses. Inside a search a state's game_over/2 is
its first answer, as the contract (semidet) has it. A game that changes
facts, or declares game_over/2 (dynamic, multifile, ...), loads as it
is: its answer may depend on more than the state.
*/

slots(4096).

%!  remembering_program(+Program0, -Program) is det.
%
%   Program0 (the terms of a game file) with its game_over/2 clauses
%   renamed and game_over/2 defined over them through the cache;
%   Program0 itself where it names game_over/2 in a directive or has no
%   game_over/2 clause. prolog/gamefile/load.pl does not give it a game
%   that changes facts.

remembering_program(Program0, Program) :-
    (   \+ ( member((:- Directive), Program0), sub_term(game_over/2, Directive) ),
        maplist(renamed, Program0, Program1, Renamed),
        memberchk(true, Renamed)
    ->  append(Program1, [Front], Program),
        Front = (game_over(S, W) :-
                    (   arena_gamefile_memo:memo_slot(S, W, Slot)
                    ->  (   arena_gamefile_memo:memo_seen(Slot, S, Answer)
                        ->  true
                        ;   (   '$arena_game_over'(S, W0)
                            ->  Answer = over(W0)
                            ;   Answer = not_over
                            ),
                            arena_gamefile_memo:memo_keep(Slot, S, Answer)
                        ),
                        Answer = over(W)
                    ;   '$arena_game_over'(S, W)
                    ))
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
    (   (   det_view(Raw, View)
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

:- public memo_slot/3, memo_seen/3, memo_keep/3.

%   memo_slot(+State, ?Winner, -Slot): inside a search, for a ground
%   State asked with Winner free, the slot of the cache it hashes to;
%   fails otherwise (the game's clauses are then asked as they are).
memo_slot(State, Winner, slot(Cache, I)) :-
    var(Winner),
    nb_current(arena_memo_cache, Cache),
    compound(Cache),
    term_hash(State, Hash),
    nonvar(Hash),                       % State is ground
    functor(Cache, _, N),
    I is Hash mod N + 1.

%   memo_seen(+Slot, +State, -Answer): the slot holds State's answer,
%   over(Winner) or not_over.
memo_seen(slot(Cache, I), State, Answer) :-
    arg(I, Cache, seen(State0, Answer)),
    State0 == State.

%   memo_keep(+Slot, +State, +Answer): Answer kept for State (a winner
%   left unbound is not kept). A state over state_cells/1 turns the
%   cache off for the rest of the search: copying and hashing such
%   states would cost more than the rule, and the cache would hold
%   4,096 of them.
memo_keep(slot(Cache, I), State, Answer) :-
    (   \+ ground(Answer)
    ->  true
    ;   state_cells(Max),
        term_size(State, Cells),
        Cells =< Max
    ->  nb_setarg(I, Cache, seen(State, Answer))
    ;   nb_setval(arena_memo_cache, off)
    ).

state_cells(1024).
