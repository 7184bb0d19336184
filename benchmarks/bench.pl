:- module(arena_bench,
          [ playouts/5,               % +Game, +StateText, +N, -Plies, -Seconds
            trusted_bot_load/3,       % +Game, +File, +Module
            trusted_bot_choose/6      % +Module, +Game, +StateText, +Level, +Seconds, -MoveText
          ]).
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(aggregate)).
:- use_module(library(time)).

/** <module> What the benchmarks call in Prolog beyond the bridge

Loaded by benchmarks/inprocess.py: random playouts looped in Prolog, and
the project's own example bots loaded in-process, unchecked. Like
prolog/bridge.pl, it takes and returns state texts, move texts and
numbers.
*/

%!  playouts(+Game, +StateText, +N, -Plies, -Seconds) is det.
%
%   Plays N random games to the end from the state, all in Prolog. Plies
%   is the total number of moves played; Seconds the CPU time taken.

playouts(Game, Text, N, Plies, Seconds) :-
    text_state(Text, State),
    statistics(cputime, T0),
    aggregate_all(sum(P),
                  ( between(1, N, _),
                    playout(Game, State, 0, P)
                  ),
                  Plies),
    statistics(cputime, T1),
    Seconds is T1 - T0.

playout(Game, State, P0, P) :-
    Game:valid_moves(State, Moves),
    (   Moves == []
    ->  P = P0
    ;   random_member(Move, Moves),
        Game:move(State, Move, State1),
        P1 is P0 + 1,
        playout(Game, State1, P1, P)
    ).

%!  trusted_bot_load(+Game, +File, +Module) is det.
%
%   Loads the PFL-protocol bot in File into Module, which inherits Game's
%   rules (Game is its default import module, so the bot's own definitions
%   win). In-process and unchecked: for the project's own example bots in
%   benchmarks only. Untrusted bots run in their own process (bots/host.pl).

trusted_bot_load(Game, File, Module) :-
    add_import_module(Module, Game, start),
    load_files(Module:File, [if(true)]).

%!  trusted_bot_choose(+Module, +Game, +StateText, +Level, +Seconds, -MoveText) is semidet.

trusted_bot_choose(Module, Game, Text, Level, Seconds, MoveText) :-
    text_state(Text, State),
    Game:current_player(State, Player),
    (   current_predicate(Module:choose_move/3)
    ->  Goal = Module:choose_move(State, Level, Move)
    ;   current_predicate(Module:choose_move/4)
    ->  Goal = Module:choose_move(State, Player, Level, Move)
    ;   Goal = Module:choose_move(State, Move)
    ),
    (   Seconds > 0
    ->  call_with_time_limit(Seconds, Goal)
    ;   call(Goal)
    ),
    Game:move_text(Move, MoveText).

text_state(Text, State) :-
    term_string(State, Text).
