% Unit tests of where a game's own loop is started
% (prolog/gamefile/entry_points.pl): play/0 first; an uncalled predicate
% whose name says it starts a game next; one that starts a game again
% (restart/0, play_again/0: called after a game, or left unused) never;
% where no name says so, the uncalled one that reaches the most of the
% game's predicates (a game's start named after the game, not its file).
:- use_module('../../prolog/gamefile/entry_points').
:- use_module(library(plunit)).

toy:play :- toy:menu_loop.
toy:menu_loop :- write(menu), nl.
toy:start_game :- toy:menu_loop.
toy:restart :- toy:start.              % start/0 was never written
toy:play_again :- toy:play.

solo:restart :- solo:start.
solo:start_again :- write(again), nl.

named:plou :- named:ask(Mode), named:turns(Mode).
named:ask(1) :- write(mode), nl.
named:turns(Mode) :- named:turn(Mode), named:show.
named:turn(_).
named:show :- named:cell(1).
named:cell(_).
named:show_board :- named:show.        % a helper left unused
named:again_menu :- named:plou.

back:init :- back:choice(X), back:turns(X).   % init/0 of a 2017/18 game:
back:choice(1).                                % its rules' screen calls it
back:choice(2) :- back:rules.                  % again ("Enter to go back")
back:rules :- write(rules), nl, back:init.
back:turns(_) :- back:turn, back:show.
back:turn :- back:show, back:turns(1).         % in its loop, called by init/0
back:show :- back:cell(1).
back:cell(_).

scr:play :- scr:choice(2).                      % its rules' menu calls play/0
scr:choice(1) :- scr:turns.                     % again: a screen of its own
scr:choice(2) :- scr:rules_menu.
scr:rules_menu :- scr:play.
scr:turns.
scr:display_board :- scr:cell.                  % "display": no "play" in it
scr:cell.

:- begin_tests(entry_points).

test(play_first_then_a_starting_name_never_a_restart,
     [true(Entries == [play, start_game])]) :-
    findall(E, entry_point(toy, E), Entries).

test(nothing_but_starting_again_is_no_entry, [fail]) :-
    entry_point(solo, _).

test(the_root_of_the_loop_where_no_name_says_so, [true(Entries == [plou])]) :-
    findall(E, entry_point(named, E), Entries).

test(a_start_its_own_screens_call_again, [true(Entries == [init])]) :-
    findall(E, entry_point(back, E), Entries).

test(a_screen_of_play_and_a_display_are_no_entries, [true(Entries == [play])]) :-
    findall(E, entry_point(scr, E), Entries).

:- end_tests(entry_points).
