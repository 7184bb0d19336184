%   The operators a game file's reading takes from the libraries it
%   loads, as SICStus and SWI-Prolog read such a file.
:- module(arena_gamefile_operators,
          [ library_operators/3       % +Lib, +Dialect, +Code
          ]).
:- use_module(library(lists)).

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
