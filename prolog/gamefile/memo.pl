:- module(arena_gamefile_memo,
          [ with_rule_memo/2           % +View, :Goal
          ]).
:- use_module(facts).
:- use_module(view).

:- meta_predicate with_rule_memo(+, 0).

/** <module> game_over/2 remembered per state during a search

A course game's rules call game_over/2 again and again on one state: its
valid_moves/2 and move/3 check that the game is not over, and a search
asks it of every child. While the general AI searches a game file, its
game_over/2 (the game's own predicate, so its own rules' calls too) keeps
the answer of the last 4,096 ground states it was asked, by the state's
hash. Inside the search a state's game_over/2 is its first answer, as
the contract (semidet) has it. A game that keeps facts in the database
(prolog/gamefile/facts.pl) is searched without it: its answer may depend
on them.
*/

slots(4096).

%!  with_rule_memo(+View, :Goal) is semidet.
%
%   Goal (a search of the game whose raw view, or its det: view, is
%   View) with the game's game_over/2 remembered; Goal alone for a
%   built-in game or a game that keeps facts. The wrapper stays on the
%   predicate once put there (unwrap_predicate/2 miscounts its name's
%   references under pyswip); outside a search it remembers nothing.

with_rule_memo(View, Goal) :-
    (   (   atom_concat('det:', Raw, View)
        ->  true
        ;   Raw = View
        ),
        arena_gamefile:game_raw(Game, Raw),
        arena_gamefile:game_code(Game, Code),
        \+ facts_kept(Code),
        own_pi(Code, game_over/2, Name/2),
        functor(Head, Name, 2),
        predicate_property(Code:Head, defined),
        predicate_property(Code:Head, implementation_module(Module)),
        \+ predicate_property(Module:Head, built_in)
    ->  (   current_predicate_wrapper(Module:Head, arena_memo, _, _)
        ->  true
        ;   wrap_predicate(Module:Head, arena_memo, Wrapped,
                           arena_gamefile_memo:remembered(Head, Wrapped))
        ),
        (   nb_current(arena_memo_cache, Outer)
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

%   remembered(+Head, :Wrapped): Head (game_over(State, Winner)) from the
%   cache when its State is there, else Wrapped's first answer (or its
%   failure) kept there. A call with the winner given is not remembered.
remembered(Head, Wrapped) :-
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
        ;   (   call(Wrapped)
            ->  Answer = over(Winner)
            ;   Answer = not_over
            ),
            (   ground(Answer)
            ->  nb_setarg(I, Cache, seen(State, Answer))
            ;   true
            )
        ),
        Answer = over(Winner)
    ;   call(Wrapped)
    ).
