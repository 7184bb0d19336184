% Unit tests of where a game's own loop is started
% (prolog/gamefile/entry_points.pl): play/0 first; an uncalled predicate
% whose name says it starts a game next; one that starts a game again
% (restart/0, play_again/0: called after a game, or left unused) never.
:- use_module('../../prolog/gamefile/entry_points').
:- use_module(library(plunit)).

toy:play :- toy:menu_loop.
toy:menu_loop :- write(menu), nl.
toy:start_game :- toy:menu_loop.
toy:restart :- toy:start.              % start/0 was never written
toy:play_again :- toy:play.

solo:restart :- solo:start.
solo:start_again :- write(again), nl.

:- begin_tests(entry_points).

test(play_first_then_a_starting_name_never_a_restart,
     [true(Entries == [play, start_game])]) :-
    findall(E, entry_point(toy, E), Entries).

test(nothing_but_starting_again_is_no_entry, [fail]) :-
    entry_point(solo, _).

:- end_tests(entry_points).
