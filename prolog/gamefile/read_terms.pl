:- module(arena_gamefile_read_terms,
          [ no_empty_args/2,          % +Term0, -Term
            conj_list/2,              % +Conjunction, -Goals
            list_conj/2,              % +Goals, -Conjunction
            plunit_block/2,           % +Directive, -Inside
            entry_point/2,            % +Directive, -Name
            entry_goal/2,             % +Goal, -Name
            conj_member/2             % -Goal, +Conjunction
          ]).
:- use_module(library(apply), [maplist/3]).
:- use_module(library(lists), [append/3]).

/** <module> Terms of a game file as its reader passes them on

Small rewrites of what prolog/gamefile/read.pl reads, and the directives
it knows by their form (plunit blocks, a program's entry point).
*/

%!  no_empty_args(+Term0, -Term) is det.
%
%   `play() :- ...` and its calls `play()` (SWI-Prolog 7 reads them as
%   play/0) as the atom play; `- 1` (SWI-Prolog reads -(1)) as the
%   number -1, as SICStus reads it (`player(- 1, 'O')` matched against
%   `P is -1`).

no_empty_args(T0, T) :-
    (   compound(T0)
    ->  compound_name_arity(T0, Name, Arity),
        (   Arity =:= 0
        ->  T = Name
        ;   T0 = -(N), number(N), N >= 0
        ->  T is -N
        ;   T0 =.. [F|Args0],
            maplist(no_empty_args, Args0, Args),
            T =.. [F|Args]
        )
    ;   T = T0
    ).

%!  conj_list(+Conjunction, -Goals) is det.
%!  list_conj(+Goals, -Conjunction) is det.
%
%   A conjunction as the list of its goals (their variables shared), and
%   back.

conj_list(C, Gs) :-
    (   nonvar(C), C = (A, B)
    ->  conj_list(A, GAs),
        conj_list(B, GBs),
        append(GAs, GBs, Gs)
    ;   Gs = [C]
    ).

list_conj([G], G) :- !.
list_conj([G|Gs], (G, C)) :-
    list_conj(Gs, C).

%   plunit_block(+Directive, -Inside): the start or end of a block of
%   plunit tests, left out with what it holds (the game's own tests).
plunit_block(begin_tests(_), true).
plunit_block(begin_tests(_, _), true).
plunit_block(end_tests(_), false).

%   entry_point(+Directive, -Name): an initialization that starts the
%   program (a menu or a main loop), which the arena never runs.
entry_point(initialization(_, When), When) :-
    memberchk(When, [main, halt]).
entry_point(initialization(Goal), Name) :-
    entry_goal(Goal, Name).
entry_point(initialization(Goal, _), Name) :-
    entry_goal(Goal, Name).

entry_goal(Goal, Name/Arity) :-
    callable(Goal),
    strip_module(Goal, _, Plain),
    functor(Plain, Name, Arity),
    memberchk(Name, [main, play, start, menu, run, game, play_game, start_game]).

%   conj_member(-Goal, +Conjunction): a goal of a directive's (a, b).
conj_member(Goal, Conj) :-
    nonvar(Conj),
    (   Conj = (A, B)
    ->  (   conj_member(Goal, A)
        ;   conj_member(Goal, B)
        )
    ;   Goal = Conj
    ).
