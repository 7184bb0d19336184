:- module(arena_gamefile_read_terms,
          [ no_empty_args/2,          % +Term0, -Term
            conj_list/2,              % +Conjunction, -Goals
            list_conj/2               % +Goals, -Conjunction
          ]).
:- use_module(library(apply), [maplist/3]).
:- use_module(library(lists), [append/3]).

/** <module> Terms of a game file as its reader passes them on

Small rewrites of what prolog/gamefile/read.pl reads.
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
