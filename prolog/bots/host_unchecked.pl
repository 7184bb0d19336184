:- module(arena_host_unchecked,
          [ unchecked_load/3,         % +File, +Seat, -Hello
            system_access_closed/0
          ]).
:- use_module(host_load, [bot_module/1, game_module/1, close_system_access/0]).

/** <module> A bot loaded with no check, for the jail's tests only

`--unchecked test` (which the arena never passes) plays the Prolog-level
check fallen, so that the tests of the jail can attack it from a bot.
*/

%   system_access_closed: close_system_access/0, except in the jail's
%   tests, which load a bot unchecked to play the sandbox fallen (so it
%   keeps fork/1 and shell/1 to attack the jail with).
system_access_closed :-
    (   unchecked_test
    ->  true
    ;   close_system_access
    ).

:- dynamic unchecked_test/0.

%   unchecked_load(+File, +Seat, -Hello): tests of the jail only
%   (`--unchecked test`, which the arena never passes): the bot file is
%   consulted into the bot's module with no check at all, as if it had
%   beaten the Prolog-level check.

unchecked_load(File, _Seat, Hello) :-
    assertz(unchecked_test),
    bot_module(Bot),
    game_module(Game),
    add_import_module(Bot, Game, start),
    load_files(Bot:File, [silent(true)]),
    (   unchecked_protocol(Bot, Protocol)
    ->  Hello = _{status:ready, protocol:Protocol, seats:[first, second]}
    ;   Hello = _{status:refused, detail:"no entry point"}
    ).

unchecked_protocol(Bot, 'pfl/3') :-
    current_predicate(Bot:choose_move/3),
    !.                                  % green: the first protocol found
unchecked_protocol(Bot, 'pfl/4') :-
    current_predicate(Bot:choose_move/4),
    !.                                  % green: the first protocol found
unchecked_protocol(Bot, 'pfl/2') :-
    current_predicate(Bot:choose_move/2),
    !.                                  % green: the first protocol found
unchecked_protocol(Bot, classic) :-
    current_predicate(Bot:x_inicia/1).
