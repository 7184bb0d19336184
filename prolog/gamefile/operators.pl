%   What a game file's reading takes from the libraries it loads: their
%   operators, as SICStus and SWI-Prolog read such a file, and their
%   predicates but those SICStus' libraries define otherwise.
:- module(arena_gamefile_operators,
          [ library_operators/3,      % +Lib, +Dialect, +Code
            library_import/3          % +Lib, +Imports, -Load
          ]).
:- use_module(library(lists)).
:- use_module(library(random), []).

%   library_operators(+Lib, +Dialect, +Code): the operators library Lib
%   exports (SICStus' when Dialect is sicstus4 and its emulation has the
%   library), declared in Code for the terms read after its load, as
%   SICStus and SWI-Prolog read a file that loads it.

library_operators(Lib, Dialect, Code) :-
    (   Dialect == sicstus4,
        absolute_file_name(library(dialect/sicstus4/Lib), Path,
                           [file_type(prolog), access(read), file_errors(fail)])
    ->  true
    ;   absolute_file_name(library(Lib), Path,
                           [file_type(prolog), access(read), file_errors(fail)])
    ),
    catch(load_files(Path, [if(not_loaded), imports([]), silent(true)]), _, fail),
    module_property(Module, file(Path)),
    module_property(Module, exported_operators(Ops)),
    !,
    forall(member(op(P, Type, Name), Ops),
           catch(op(P, Type, Code:Name), _, true)).
library_operators(_, _, _).

%   library_import(+Lib, +Imports, -Load): the load of library(Lib) with
%   Imports (all, or a list) for a game file. What prolog/gamefile/load.pl
%   defines in the game's own module over a library's (library_shims/2:
%   setrand/1 taking SICStus' integer seed, nth0/4 and nth1/4 as SICStus
%   has them, in the jail the random picks a run of the game's loop
%   drives) is left out of a list of imports, which would make the
%   library's strong; a whole library's imports are weak.

library_import(Lib, all, use_module(library(Lib))) :-
    !.
library_import(Lib, Imports, use_module(library(Lib), PIs)) :-
    shimmed(Lib, Own),
    !,
    subtract(Imports, Own, PIs).
library_import(Lib, Imports, use_module(library(Lib), Imports)).

shimmed(random, [setrand/1|Picks]) :-
    (   current_prolog_flag(arena_game_jail, true)
    ->  Picks = [random_member/2, random_select/3, random/3, random_between/3]
    ;   Picks = []
    ).
shimmed(lists, [nth0/4, nth1/4]).
