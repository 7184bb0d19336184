:- module(arena_gamefile_read_policy,
          [ kept_builtin/1,           % ?PI
            system_library/1          % +Lib
          ]).
:- use_module('../attribute_builtins').

/** <module> What a game file may not redefine or load

The built-ins a game's module keeps checked definitions of, and the
libraries whose work is on the system around the game, which
prolog/gamefile/read.pl never loads for a game file.
*/

%   kept_builtin(?PI): built-ins the game's module gets its own checked
%   definitions of (install_shadows/1 in prolog/gamefile/safety.pl).
kept_builtin(halt/0).
kept_builtin(halt/1).
kept_builtin(abort/0).
kept_builtin(Name/Arity) :-
    attribute_builtin(Head, _),
    functor(Head, Name, Arity).

%   system_library(+Lib): a library whose work is on the system around
%   the game (processes, files, sockets, the machine), never loaded for
%   a game file, even though the sandbox refuses its calls.

system_library(Lib) :-
    nonvar(Lib),
    (   Lib = Dir/_
    ->  system_library(Dir)
    ;   atom(Lib),
        system_library_(Lib)
    ).

system_library_(process).
system_library_(unix).
system_library_(filesex).
system_library_(shell).
system_library_(socket).
system_library_(streampool).
system_library_(prolog_server).
system_library_(udp_broadcast).
system_library_(tipc).
system_library_(http).
system_library_(ssl).
system_library_(crypto).
system_library_(odbc).
system_library_(archive).
system_library_(zip).
system_library_(persistency).
system_library_(prolog_pack).
system_library_(git).
system_library_(editline).
system_library_(readline).
system_library_(uid).
system_library_(syslog).
system_library_(mallocinfo).
system_library_(rlimit).
system_library_(prolog_stream).
