:- module(arena_gamehost_state,
          [ state_limit/1,            % -Bytes
            display_limit/1,          % -Characters
            info/4,                   % +Game, -Title, -Players, -Options
            checked_state/3,          % :Goal, ?Text0, -Text
            played/4,                 % +Game, +Text, +Move, -Dict
            bounded_display/4,        % +Game, +Text, +Last, -Output
            searched/7                % +Game, +Text, +Seconds, +Workers, -N, -Stats, -K
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(bridge).
:- use_module(gamefile/load).
:- use_module(gamefile/memo).

:- meta_predicate checked_state(0, ?, -).

/** <module> The game host's answers about states

What the game host (prolog/gamehost.pl) answers for its verbs beyond
prolog/bridge.pl's predicates: states and their texts bounded
(state_limit/1), a display cut to display_limit/1 characters, the game's
options as JSON, and the general AI's search.
*/

%!  state_limit(-Bytes) is det.
%!  display_limit(-Characters) is det.

state_limit(262_144).
display_limit(65_536).

%   info(+Game, -Title, -Players, -Options): game_info/4, options as JSON.

info(Game, Title, Players, Options) :-
    game_info(Game, Title, Players, Options0),
    maplist(option_json, Options0, Options).

option_json([Name, Default0, Help], [Name, Default, Help]) :-
    (   number(Default0)
    ->  Default = Default0
    ;   atom(Default0)
    ->  Default = Default0
    ;   format(string(Default), "~q", [Default0])
    ).

%   searched(+Game, +Text, +Seconds, +Workers, -N, -Stats, -K): the
%   general AI's search (as its levels 3 and up run it, in Workers
%   processes) from the state written as Text for Seconds: its
%   iterations, per move [MoveText, Visits, WinRate, Status], WinRate
%   and Status (open, win, loss) for the player to move, and the number
%   of searches whose counts were added.

searched(Game, Text, Seconds, Workers, N, Stats, K) :-
    must_be(between(0.0, 60.0), Seconds),
    must_be(between(1, 8), Workers),
    game_file_raw(Game, Raw),
    term_string(State, Text),
    with_rule_memo(Raw,
                   arena_ai_mcts:mcts_search(Raw, State, [seconds(Seconds), decisive(true),
                                                 workers(Workers), searches(K)],
                                    search(N, Stats0))),
    findall([T, V, R, S],
            ( member(M-stats(V, R, S), Stats0),
              Game:move_text(M, T)
            ),
            Stats).

%   bounded_display(+Game, +Text, +Last, -Output): what display_game/1
%   prints, cut to display_limit/1 characters.

bounded_display(Game, Text, Last, Output) :-
    display(Game, Text, Last, Output0),
    display_limit(Limit),
    (   atom_length(Output0, L),
        L > Limit
    ->  sub_atom(Output0, 0, Limit, _, Cut),
        format(atom(Output), "~w~n[~D more characters not shown]~n", [Cut, L - Limit])
    ;   Output = Output0
    ).

%   checked_state(:Goal, ?Text0, -Text): Goal makes the state text Text0,
%   which must be no longer than state_limit/1.

checked_state(Goal, Text0, Text) :-
    call(Goal),
    bounded_state(Text0),
    Text = Text0.

bounded_state(Text) :-
    state_limit(Limit),
    (   atom_length(Text, L),
        L > Limit
    ->  format(atom(Message), "a state's text is longer than ~D bytes", [Limit]),
        throw(error(game_rule(Message), _))
    ;   true
    ).

played(Game, Text, Move, Dict) :-
    play_move_dict(Game, Text, Move, Dict),
    state_limit(Limit),
    (   string_length(Dict.state, L),
        L > Limit
    ->  format(atom(Message), "a state's text is longer than ~D bytes", [Limit]),
        throw(error(game_rule(Message), _))
    ;   true
    ).
