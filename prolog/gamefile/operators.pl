%   What a game file's reading takes from the libraries it loads: their
%   operators, as SICStus and SWI-Prolog read such a file, and their
%   predicates but those SICStus' libraries define otherwise.
:- module(arena_gamefile_operators,
          [ library_operators/3,      % +Lib, +Dialect, +Code
            library_import/3,         % +Lib, +Imports, -Load
            own_over_imports/3        % +Program0, +Dialect, -Program
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random), []).

%   library_operators(+Lib, +Dialect, +Code): the operators library Lib
%   exports (SICStus' when Dialect is sicstus4 and its emulation has the
%   library), declared in Code for the terms read after its load, as
%   SICStus and SWI-Prolog read a file that loads it.

library_operators(Lib, Dialect, Code) :-
    library_module(Lib, Dialect, Module),
    module_property(Module, exported_operators(Ops)),
    !,
    forall(member(op(P, Type, Name), Ops),
           catch(op(P, Type, Code:Name), _, true)).
library_operators(_, _, _).

library_module(Lib, Dialect, Module) :-
    (   Dialect == sicstus4,
        absolute_file_name(library(dialect/sicstus4/Lib), Path,
                           [file_type(prolog), access(read), file_errors(fail)])
    ->  true
    ;   absolute_file_name(library(Lib), Path,
                           [file_type(prolog), access(read), file_errors(fail)])
    ),
    catch(load_files(Path, [if(not_loaded), imports([]), silent(true)]), _, fail),
    module_property(Module, file(Path)),
    !.

%   own_over_imports(+Program0, +Dialect, -Program): each load of a whole
%   library whose exports the program defines itself loads it except
%   those, as SICStus lets a local definition win. (SWI-Prolog's own way,
%   a local definition over a weak import, once crashed the game host:
%   a SICStus game defining last/2 over library(lists).)

own_over_imports(Program0, Dialect, Program) :-
    maplist(own_over_import(Program0, Dialect), Program0, Program).

own_over_import(Program, Dialect, (:- use_module(library(Lib))), (:- use_module(library(Lib), Imports))) :-
    atom(Lib),
    library_module(Lib, Dialect, Module),
    module_property(Module, exports(Exports)),
    partition(defined_in(Program), Exports, Own, Others),
    Own \== [],
    !,
    (   Dialect == sicstus4
    ->  Imports = Others                % its use_module/2 takes a list only
    ;   Imports = except(Own)
    ).
own_over_import(_, _, Term, Term).

defined_in(Program, Name/Arity) :-
    functor(Head, Name, Arity),
    member(Term, Program),
    (   Term = (H :- _) -> true ; H = Term ),
    \+ H = (:- _),
    \+ H \= Head,
    !.

%   library_import(+Lib, +Imports, -Load): the load of library(Lib) with
%   Imports (all, or a list) for a game file. What prolog/gamefile/load.pl
%   defines in the game's own module over a library's (library_shims/2:
%   setrand/1 taking SICStus' integer seed, nth0/4 and nth1/4 as SICStus
%   has them, in the jail the random picks a run of the game's loop
%   drives) is left out of a list of imports, which would make the
%   library's strong; a whole library's imports are weak.

library_import(Lib, all, use_module(library(Lib))) :-
    !.
library_import(Lib, except(Out), use_module(library(Lib), except(PIs))) :-
    !,
    (   shimmed(Lib, Own)
    ->  union(Out, Own, PIs)
    ;   PIs = Out
    ).
library_import(Lib, Imports, use_module(library(Lib), PIs)) :-
    shimmed(Lib, Own),
    is_list(Imports),
    !,
    subtract(Imports, Own, PIs).
library_import(Lib, Imports, use_module(library(Lib), Imports)).

shimmed(random, [setrand/1|Picks]) :-
    (   current_prolog_flag(arena_game_jail, true)
    ->  Picks = [random_member/2, random_select/3, random/3, random_between/3,
                 random/1]
    ;   Picks = []
    ).
shimmed(lists, [nth0/4, nth1/4]).
