:- module(arena_bot_system_access,
          [ close_system_access/0
          ]).
:- use_module(library(lists)).
:- use_module(bot_facts, [bot_module/1]).
:- use_module(policy, [safe_library/1]).

/** <module> What a bot's process keeps of the system

As if the check could be bypassed: after loading, the bot's process
loses library(unix), shell/1,2 and autoloading of any but the bot's
libraries. The jail, not this, is the wall.
*/

:- dynamic autoload_restricted/0.        % close_system_access/0 was called

%!  close_system_access is det.
%
%   Called in the process that runs the bot's code, after the bot is
%   loaded and before its first move, so that code that got past the
%   check finds less at hand: library(unix)'s predicates (fork/1,
%   exec/1, kill/2, ...; the host needs fork/1 only before) and
%   shell/1,2 are removed, and autoloading loads only the libraries a
%   bot may load (safe_library/1) or imports from modules already
%   loaded, but never from the ones in system_module/1. A bot's own
%   library calls were resolved while it was checked. The jail, not
%   this, is the wall: code that runs unchecked can still load a
%   library by name.

close_system_access :-
    forall(( Module = unix,
             current_module(Module),
             current_predicate(Module:Name/Arity),
             functor(Head, Name, Arity),
             \+ predicate_property(Module:Head, imported_from(_))
           ),
           abolish(Module:Name/Arity)),
    forall(( member(Head, [shell(_), shell(_, _)]),
             predicate_property(system:Head, implementation_module(Module))
           ),
           ( functor(Head, Name, Arity),
             abolish(Module:Name/Arity)
           )),
    (   autoload_restricted
    ->  true
    ;   assertz(autoload_restricted)
    ).

%!  system_module(?Module) is nondet.
%
%   Modules of libraries that act on the system around the process
%   (processes, files, sockets, saved states, foreign code): never
%   autoloaded from once close_system_access/0 ran.

system_module(unix).
system_module(process).
system_module(filesex).
system_module(shell).
system_module(socket).
system_module(streampool).
system_module(prolog_server).
system_module(qsave).
system_module(zip).
system_module(shlib).
system_module(settings).
system_module(broadcast).
system_module(prolog_autoload).
system_module(prolog_pack).
system_module(uid).
system_module(rlimit).
system_module(syslog).
system_module(persistency).
system_module(archive).
system_module(udp_broadcast).
system_module(editline).
system_module(readline).

:- multifile user:exception/3.
user:exception(undefined_predicate, Pred, error) :-
    autoload_restricted,
    (   Pred = Module:Name/Arity
    ->  true
    ;   Pred = Name/Arity,
        Module = user
    ),
    '$autoload':'$find_library'(Module, Name, Arity, LoadModule, Library),
    \+ autoload_allowed(Module, LoadModule, Library).

%   autoload_allowed(+Caller, +LoadModule, +Library): never a system
%   module; for the bot, a library already loaded or a safe one; a game
%   file's code (jailed like the bot) may load any other library.
autoload_allowed(Caller, LoadModule, Library) :-
    \+ system_module(LoadModule),
    (   current_module(LoadModule)
    ->  true
    ;   bot_module(Bot),
        Caller \== Bot
    ->  true
    ->  true
    ;   safe_library(Name),
        absolute_file_name(library(Name), File,
                           [file_type(prolog), access(read), file_errors(fail)]),
        file_name_extension(Library, _, File)
    ->  true
    ).
