:- module(arena_gamefile_memo,
          [ remembering_program/2,    % +Program0, -Program
            with_rule_memo/2,          % +View, :Goal
            renamed_head/2,            % ?Head, ?Renamed
            own_clause/3               % +Code, ?Head, -Body
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(view).

:- meta_predicate with_rule_memo(+, 0).

/** <module> game_over/2 and valid_moves/2 remembered per state during a search

A course game's rules call game_over/2 and valid_moves/2 again and again
on one state: its move/3 checks that the move is listed and the game not
over (and a proposed adapter's arena_move/3 lists the moves again), and a
search asks them of every child. A game file loaded in the game host's
jail has the clauses of the two renamed '$arena_game_over'/2 and
'$arena_valid_moves'/2 as it loads (remembering_program/2), and the two
ask them through a cache, so its own rules' calls go through it too.
While the general AI searches (with_rule_memo/2), the cache keeps the
answers of the last 4,096 ground states asked (of at most 1,024 cells
each), by the state's hash; outside a search the two only call the
game's clauses. Inside a search a state's game_over/2 is its first
answer, as the contract (semidet) has it; valid_moves/2 gives each of
its answers as the game's clauses do (a game that lists one piece's
moves an answer), up to 64 of them (past that, the clauses are asked).
A game that changes facts, or declares one of the two (dynamic,
multifile, ...), loads as it is: its answers may depend on more than the
state.
*/

slots(4096).

%!  remembering_program(+Program0, -Program) is det.
%
%   Program0 (the terms of a game file) with its game_over/2 and
%   valid_moves/2 clauses renamed and each defined over them through the
%   cache; a predicate named in a directive, or without clauses, is left
%   as it is. prolog/gamefile/load.pl does not give it a game that
%   changes facts.

remembering_program(Program0, Program) :-
    foldl(remembered, [game_over/2, valid_moves/2], Program0-[], Program1-Fronts),
    append(Program1, Fronts, Program).

remembered(Name/Arity, Program0-Fronts0, Program-Fronts) :-
    (   \+ ( member((:- Directive), Program0), sub_term(Name/Arity, Directive) ),
        maplist(renamed(Name/Arity), Program0, Program1, Renamed),
        memberchk(true, Renamed)
    ->  front(Name, Front),
        Program = Program1,
        append(Fronts0, [Front], Fronts)
    ;   Program = Program0,
        Fronts = Fronts0
    ).

front(game_over,
      (game_over(S, W) :-
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
          ))).
front(valid_moves,
      (valid_moves(S, Ms) :-
          (   arena_gamefile_memo:memo_slot('$arena_valid'(S), Ms, Slot)
          ->  (   arena_gamefile_memo:memo_seen(Slot, '$arena_valid'(S), Answer)
              ->  true
              ;   (   findnsols(65, Ms0, '$arena_valid_moves'(S, Ms0), All)
                  ->  true
                  ;   All = []
                  ),
                  (   length(All, N), N =< 64
                  ->  Answer = lists(All),
                      arena_gamefile_memo:memo_keep(Slot, '$arena_valid'(S), Answer)
                  ;   Answer = many
                  )
              ),
              (   Answer = lists(Lists)
              ->  member(Ms, Lists)
              ;   '$arena_valid_moves'(S, Ms)
              )
          ;   '$arena_valid_moves'(S, Ms)
          ))).

renamed(Name/Arity, Term0, Term, true) :-
    own_name(Name/Arity, Renamed),
    (   Term0 = (Head :- Body)
    ->  Term = (Head1 :- Body)
    ;   Head = Term0,
        Term = Head1
    ),
    callable(Head),
    functor(Head, Name, Arity),
    !,
    Head =.. [_|Args],
    Head1 =.. [Renamed|Args].
renamed(_, Term, Term, false).

own_name(Name/Arity, Renamed) :-
    renamed_head(Head, Own),
    functor(Head, Name, Arity),
    functor(Own, Renamed, Arity).

%!  renamed_head(?Head, ?Renamed) is nondet.
%
%   The rules whose clauses a game file loaded in the jail keeps under
%   another name, Head's clauses as Renamed's.

renamed_head(game_over(S, W), '$arena_game_over'(S, W)).
renamed_head(valid_moves(S, Ms), '$arena_valid_moves'(S, Ms)).

%!  own_clause(+Code, ?Head, -Body) is nondet.
%
%   A clause of Code's own Head as the game file wrote it (a renamed
%   rule's under its new name); none for an imported predicate.

own_clause(Code, Head, Body) :-
    renamed_head(Head, Own),
    current_predicate(_, Code:Own),
    !,
    catch(clause(Code:Own, Body), _, fail).
own_clause(Code, Head, Body) :-
    \+ predicate_property(Code:Head, imported_from(_)),
    predicate_property(Code:Head, number_of_clauses(_)),
    catch(clause(Code:Head, Body), _, fail).

%!  with_rule_memo(+View, :Goal) is semidet.
%
%   Goal (a search of the game whose raw view, or its det: view, is
%   View) with the game's game_over/2 and valid_moves/2 remembered;
%   Goal alone for a game loaded as it is (a built-in game, a game
%   outside the jail, a game that changes facts).

with_rule_memo(View, Goal) :-
    (   (   det_view(Raw, View)
        ->  true
        ;   Raw = View
        ),
        arena_gamefile:game_raw(Game, Raw),
        arena_gamefile:game_code(Game, Code),
        (   current_predicate(Code:'$arena_game_over'/2)
        ->  true
        ;   current_predicate(Code:'$arena_valid_moves'/2)
        )
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
