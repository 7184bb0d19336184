:- module(arena_gamefile_facts,
          [ program_changes_facts/1,  % +Program
            facts_begin/2,            % +Code, +Program
            facts_enter/3,            % +Code, +Wrapped, -State
            facts_kept/1,             % +Code
            facts_view_clause/3,      % +Code, +Clause0, -Clause
            facts_note/2              % +Code, -Note
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).

/** <module> A game file's asserted facts, carried with its states

Course games keep part of their state in the database: a menu asserts
the board size, move/3 asserts and retracts the pieces, choose_move/3
memoises. A game whose program changes facts (program_changes_facts/1)
gets a raw view (prolog/gamefile/view.pl) whose states are

    '$arena_facts'(State, Facts)

State the game's own state, Facts the dynamic predicates of the game's
code module as they were with it: a list of Name/Arity-Clauses sorted by
Name/Arity, a clause `Head` or `(Head :- Body)`, a clause with variables
written `'$arena_open'(Clause)` with its variables numbered
`'$arena_var'(N)`. Before every call of a rule on a state the view puts
its facts back (facts_enter/3), after move/3 and initial_state/2 it
takes them (facts_leave/3); the state's text carries them, so undo,
replay and a search's simulated moves each see their own state's facts,
and the host keeps none but the last ones it put back. A state written
without facts stands for the facts as loaded (after arena_setup/1).

The facts come back from a state text, so they are checked as data: only
the code module's dynamic or undefined predicates, `$` names never, and
clauses with a body only in a jailed host (elsewhere the game's code was
proved safe and a body read from a text was not).

    ?- facts_enter('code:g', '$arena_facts'(s(1), [cell/2-[cell(1,x)]]), S).
    S = s(1).          % and code:g holds cell(1, x) and nothing else
*/

:- dynamic
    baseline/2,                     % Code, Facts as loaded
    watched/2.                      % Code, Heads of the predicates watched, or all

%!  program_changes_facts(+Program) is semidet.
%
%   Program (the terms a game file loads) names a predicate that changes
%   the database in a clause other than the adapter's arena_setup/1
%   facts, whose goals run once at load time.

program_changes_facts(Program) :-
    member(Term, Program),
    \+ setup_term(Term),
    sub_term(Sub, Term),
    callable(Sub),
    functor(Sub, Name, _),          % a call, or a name passed to call/N
    changes_facts(Name),
    !.                              % green: one is enough

setup_term(arena_setup(_)).
setup_term((arena_setup(_) :- _)).

changes_facts(assert).
changes_facts(asserta).
changes_facts(assertz).
changes_facts(retract).
changes_facts(retractall).
changes_facts(abolish).
changes_facts(erase).

%!  facts_begin(+Code, +Program) is det.
%
%   Takes the facts of Code as loaded: what a state without facts stands
%   for. The predicates watched are the dynamic ones of Code now and
%   those Program asserts or retracts by name; where it passes a term
%   built at run time or the predicate's name to call/N
%   (`maplist(assertz, Facts)`), every predicate of Code is looked at
%   on every call.

facts_begin(Code, Program) :-
    (   program_names_all(Program, Named)
    ->  Watched = Named
    ;   Watched = all
    ),
    retractall(watched(Code, _)),
    (   Watched == all
    ->  assertz(watched(Code, all))
    ;   findall(PI, ( dynamic_head(Code, all, H), functor(H, N, A), PI = N/A ), Now),
        append(Now, Watched, PIs0),
        sort(PIs0, PIs),
        findall(H, ( member(N/A, PIs), \+ sub_atom(N, 0, 1, _, $), functor(H, N, A) ), Heads),
        assertz(watched(Code, Heads))
    ),
    snapshot(Code, Facts),
    retractall(baseline(Code, _)),
    assertz(baseline(Code, Facts)),
    known(Code, Facts).

%   program_names_all(+Program, -PIs): the predicates Program's clauses
%   (not arena_setup/1's) change, each named in a call of a predicate
%   of changes_facts/1 with a clause or head whose name is written;
%   fails when a change names no predicate so.

program_names_all(Program, PIs) :-
    findall(Sub,
            ( member(Term, Program),
              \+ setup_term(Term),
              sub_term(Sub, Term),
              callable(Sub),
              functor(Sub, Name, _),
              changes_facts(Name)
            ),
            Subs),
    maplist(changed_pi, Subs, PIs).

changed_pi(Sub, PI) :-
    compound(Sub),
    functor(Sub, Name, Arity),
    (   Name == abolish,
        Arity =< 2
    ->  arg(1, Sub, Spec),
        (   Arity == 2
        ->  arg(2, Sub, A),
            Spec0 = Spec/A
        ;   Spec0 = Spec
        ),
        strip_module(Spec0, _, PI),
        ground(PI)
    ;   Name == erase
    ->  fail                        % a clause reference: any predicate
    ;   arg(1, Sub, Clause0),
        strip_module(Clause0, _, Clause),
        (   Clause = (Head :- _)
        ->  true
        ;   Head = Clause
        ),
        strip_module(Head, _, Head1),
        callable(Head1),
        functor(Head1, N, A),
        PI = N/A
    ).

%!  facts_kept(+Code) is semidet.
%
%   The states of Code's game carry its facts.

facts_kept(Code) :-
    baseline(Code, _).

%!  facts_note(+Code, -Note) is semidet.
%
%   What `arena check-game` says of a game whose states carry facts.

facts_note(Code, Note) :-
    watched(Code, Watched),
    (   Watched == all
    ->  Note = 'its states carry the facts of every dynamic predicate of its module \c
                (it changes facts through call/N or a term built at run time)'
    ;   findall(PI, ( member(H, Watched), functor(H, N, A), format(atom(PI), "~w/~w", [N, A]) ),
                PIs),
        atomic_list_concat(PIs, ', ', Text),
        format(atom(Note), "its states carry the facts it changes: ~w", [Text])
    ).

%   facts_fresh(+Code): puts back the facts as loaded (before
%   initial_state/2). Called by the view's clauses and by
%   prolog/gamefile/loop_drive.pl.

:- public facts_fresh/1.

facts_fresh(Code) :-
    baseline(Code, Facts),
    ensure(Code, Facts).

%!  facts_enter(+Code, +Wrapped, -State) is det.
%
%   State is the game's state in Wrapped, whose facts Code now holds.

facts_enter(Code, Wrapped, State) :-
    (   var(Wrapped)
    ->  State = Wrapped
    ;   Wrapped = '$arena_facts'(State0, Facts)
    ->  State = State0,
        ensure(Code, Facts)
    ;   State = Wrapped,
        facts_fresh(Code)
    ).

%   facts_bare(+Wrapped, -State): the game's own state, its facts left aside.

:- public facts_bare/2.

facts_bare(Wrapped, State) :-
    (   nonvar(Wrapped),
        Wrapped = '$arena_facts'(State0, _)
    ->  State = State0
    ;   State = Wrapped
    ).

%   facts_leave(+Code, +State, -Wrapped): Wrapped is State with the
%   facts Code holds now. Called by the view's clauses.

:- public facts_leave/3.

facts_leave(Code, State, '$arena_facts'(State, Facts)) :-
    mark(Code, Mark),
    (   nb_current(arena_facts_known, known(Code, Facts0, Mark0)),
        Mark0 == Mark
    ->  Facts = Facts0
    ;   snapshot(Code, Facts),
        nb_setval(arena_facts_known, known(Code, Facts, Mark))
    ).

%!  facts_view_clause(+Code, +Clause0, -Clause) is det.
%
%   Clause is Clause0 of the raw view (prolog/gamefile/view.pl) over
%   states that carry the facts of Code. choose_move/3 passes its state
%   on as it is: the general AI searches the raw view, and the view's
%   own_state/3 gives the game's own levels the game's state.

facts_view_clause(Code, (move_outcome(S0, M, S, T) :- Body0),
                  (move_outcome(W0, M, W, T) :- Body)) :-
    !,                                  % green: two states in, the later one's facts hold
    Body = ( arena_gamefile_facts:facts_bare(W0, S0),
             arena_gamefile_facts:facts_enter(Code, W, S),
             Body0
           ).
facts_view_clause(Code, (Head0 :- Body0), (Head :- Body)) :-
    functor(Head0, Name, Arity),
    facts_rule(Name/Arity, In, Out),
    !,                                  % green: one entry per rule
    Head0 =.. [Name|Args0],
    state_arg(In, Args0, Args1, _, _, Code, Enter),
    state_arg(Out, Args1, Args, S1, W1, Code, _),
    Head =.. [Name|Args],
    (   In == none
    ->  Begin = arena_gamefile_facts:facts_fresh(Code)
    ;   Begin = Enter
    ),
    (   Out == none
    ->  Body = (Begin, Body0)
    ;   Body = (Begin, Body0, arena_gamefile_facts:facts_leave(Code, S1, W1))
    ).
facts_view_clause(_, Clause, Clause).

state_arg(none, Args, Args, _, _, _, true).
state_arg(N, Args0, Args, S, W, Code, arena_gamefile_facts:facts_enter(Code, W, S)) :-
    integer(N),
    nth1(N, Args0, S, Rest),
    nth1(N, Args, W, Rest).

%   facts_rule(?PI, ?In, ?Out): the argument that takes a state, the one
%   that gives one (none when none).

facts_rule(initial_state/2, none, 2).
facts_rule(config_state/2, none, 2).
facts_rule(current_player/2, 1, none).
facts_rule(valid_moves/2, 1, none).
facts_rule(move/3, 1, 3).
facts_rule(game_over/2, 1, none).
facts_rule(value/3, 1, none).
facts_rule(display_game/1, 1, none).
facts_rule(move_description/3, 1, none).
facts_rule(illegal_move_reason/3, 1, none).
facts_rule(outcome_reason/2, 1, none).

%   ensure(+Code, +Facts): Code holds Facts; nothing is done when the
%   last facts put back or taken are these and nothing changed since.

ensure(Code, Facts) :-
    mark(Code, Mark),
    (   nb_current(arena_facts_known, known(Code, Facts0, Mark0)),
        Mark0 == Mark,
        same_facts(Facts0, Facts)
    ->  true
    ;   restore(Code, Facts),
        known(Code, Facts)
    ).

known(Code, Facts) :-
    mark(Code, Mark),
    nb_setval(arena_facts_known, known(Code, Facts, Mark)).

%   same_facts(+A, +B): A and B, stored facts (ground: their variables
%   numbered), are the same, compared by their hashes: ==/2 takes time
%   that grows with the square of a long conjunction's length in a
%   clause, and no time limit stops it.
same_facts(A, B) :-
    catch(( variant_sha1(A, H), variant_sha1(B, H) ), _, A == B).

%   mark(+Code, -Mark): changes when a clause of a watched dynamic
%   predicate of Code is added or removed, a new one included: the
%   latest database generation that changed one.

mark(Code, Generation) :-
    watched(Code, Watched),
    (   Watched == all
    ->  findall(G,
                ( dynamic_head(Code, all, Head),
                  predicate_property(Code:Head, last_modified_generation(G))
                ),
                Gs)
    ;   findall(G,
                ( member(Head, Watched),
                  predicate_property(Code:Head, last_modified_generation(G))
                ),
                Gs)
    ),
    max_list([0|Gs], Generation).

%   dynamic_head(+Code, +Watched, -Head): a dynamic predicate of Code's
%   own among the watched ones (all: every one).

dynamic_head(Code, all, Head) :-
    !,
    current_predicate(Name, Code:Head),
    \+ sub_atom(Name, 0, 1, _, $),
    predicate_property(Code:Head, dynamic),
    \+ predicate_property(Code:Head, imported_from(_)).
dynamic_head(Code, Heads, Head) :-
    member(Head, Heads),
    predicate_property(Code:Head, dynamic),
    \+ predicate_property(Code:Head, imported_from(_)).

%   snapshot(+Code, -Facts)

snapshot(Code, Facts) :-
    watched(Code, Watched),
    findall(Name/Arity-Clauses,
            ( dynamic_head(Code, Watched, Head),
              functor(Head, Name, Arity),
              findall(C, stored_clause(Code, Head, C), Clauses),
              Clauses \== []
            ),
            Facts0),
    sort(1, @<, Facts0, Facts).

stored_clause(Code, Head, Stored) :-
    clause(Code:Head, Body),
    (   Body == true
    ->  Clause = Head
    ;   Clause = (Head :- Body)
    ),
    (   ground(Clause)
    ->  Stored = Clause
    ;   copy_term(Clause, Open),
        term_variables(Open, Vars),
        foldl(number_var, Vars, 0, _),
        Stored = '$arena_open'(Open)
    ).

number_var('$arena_var'(N), N, N1) :-
    N1 is N + 1.

%   restore(+Code, +Facts): each dynamic predicate of Code holds the
%   clauses Facts give it, none if Facts names it not; a predicate whose
%   clauses are already these is left alone.

restore(Code, Facts) :-
    must_be(list, Facts),
    snapshot(Code, Now),
    forall(( member(PI-_, Now),
             \+ memberchk(PI-_, Facts)
           ),
           clear(Code, PI)),
    forall(member(Entry, Facts),
           restore_entry(Code, Now, Entry)).

restore_entry(Code, Now, Entry) :-
    (   Entry = Name/Arity-Clauses,
        atom(Name),
        \+ sub_atom(Name, 0, 1, _, $),
        integer(Arity),
        Arity >= 0,
        is_list(Clauses)
    ->  true
    ;   bad_facts("~q is not Name/Arity-Clauses", [Entry])
    ),
    (   memberchk(Name/Arity-Clauses0, Now),
        same_facts(Clauses0, Clauses)
    ->  true
    ;   functor(Head, Name, Arity),
        watched(Code, Watched),
        (   predicate_property(Code:Head, defined),
            \+ predicate_property(Code:Head, dynamic)
        ->  bad_facts("~q is not a dynamic predicate of the game", [Name/Arity])
        ;   Watched \== all,
            \+ memberchk(Head, Watched)
        ->  bad_facts("~q is not a predicate the game changes", [Name/Arity])
        ;   true
        ),
        maplist(stored_to_clause(Name/Arity), Clauses, Terms),
        clear(Code, Name/Arity),
        forall(member(Term, Terms), assertz(Code:Term))
    ).

clear(Code, Name/Arity) :-
    functor(Head, Name, Arity),
    retractall(Code:Head).

stored_to_clause(PI, Stored, Clause) :-
    (   Stored = '$arena_open'(Open)
    ->  open_term(Open, Clause, _Vars)
    ;   Clause = Stored
    ),
    (   Clause = (Head :- _)
    ->  (   current_prolog_flag(arena_game_jail, true)
        ->  true
        ;   bad_facts("a clause with a body (~q) is put back only in a jailed host", [PI])
        )
    ;   Head = Clause
    ),
    (   callable(Head),
        functor(Head, Name, Arity),
        PI == Name/Arity
    ->  true
    ;   bad_facts("~q is not a clause of ~q", [Clause, PI])
    ).

%   open_term(+Open, -Term, +Vars): Open with each '$arena_var'(N) a
%   variable, the same for the same N (Vars an open list of N-Var).

open_term(Open, Term, Vars) :-
    (   Open = '$arena_var'(N),
        integer(N)
    ->  memberchk(N-Term, Vars)
    ;   compound(Open)
    ->  compound_name_arguments(Open, Name, Args0),
        open_terms(Args0, Args, Vars),
        compound_name_arguments(Term, Name, Args)
    ;   Term = Open
    ).

open_terms([], [], _).
open_terms([Open|Opens], [Term|Terms], Vars) :-
    open_term(Open, Term, Vars),
    open_terms(Opens, Terms, Vars).

bad_facts(Format, Args) :-
    format(atom(What), Format, Args),
    format(atom(Message), "the facts of a state cannot be put back: ~w", [What]),
    throw(error(game_rule(Message), _)).
