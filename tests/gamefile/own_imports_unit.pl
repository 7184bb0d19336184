% Unit tests of own_over_imports/3 (prolog/gamefile/operators.pl): a
% game's own definition of a library's name is loaded as a predicate of
% its own, never over a weak import of that library.
:- create_prolog_flag(arena_game_jail, true, [type(boolean)]).
:- use_module('../../prolog/gamefile/load').
:- use_module('../../prolog/gamefile/operators').
:- use_module(library(plunit)).

:- dynamic overridden/1.

:- multifile user:message_hook/3.
:- dynamic user:message_hook/3.
:- asserta((user:message_hook(ignored_weak_import(Into, PI), _, _) :-
                assertz(overridden(Into-PI)),
                fail)).              % before the loader's own hook

program([ (:- use_module(library(lists))),
          (last([X], X) :- !),
          (last([_|Xs], X) :- last(Xs, X)),
          sum_list(_, 0),
          (:- use_module(library(apply)))
        ]).

:- begin_tests(own_imports).

test(sicstus_imports_all_but_its_own) :-
    program(P0),
    own_over_imports(P0, sicstus4, [(:- use_module(library(lists), Imports))|_]),
    is_list(Imports),
    \+ memberchk(last/2, Imports),
    memberchk(nth0/4, Imports).

test(swi_leaves_out_its_own) :-
    program(P0),
    own_over_imports(P0, swi, [(:- use_module(library(lists), except(Own)))|_]),
    msort(Own, Sorted),
    Sorted == [last/2, sum_list/2].

test(a_library_it_does_not_redefine_is_left_as_it_is) :-
    program(P0),
    own_over_imports(P0, swi, P),
    last(P, Last),
    Last == (:- use_module(library(apply))).

test(own_last_is_local) :-
    module_property(arena_gamefile_operators, file(Ops)),
    file_directory_name(Ops, Dir),
    directory_file_path(Dir, '../../tests/gamefiles/course/own_library_names.pl', Path0),
    absolute_file_name(Path0, Path),
    once(load_game_file(Path, auto, own_names_unit, Base, Info)),
    Info.dialect == sicstus4,
    arena_gamefile:game_code(Base, Code),
    \+ overridden(_),                   % SWI-Prolog's way never taken
    \+ predicate_property(Code:last(_, _), imported_from(_)),
    once(Code:last([1, 2, 3], L)),
    L == 3.

:- end_tests(own_imports).
