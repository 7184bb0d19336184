:- module(arena_file_game_proxy,
          [ title/1,                  % -Title
            players/1,                % -Players
            option/3,                 % ?Name, ?Default, ?Help
            initial_state/2,          % +Options, -State
            current_player/2,         % +State, -Player
            valid_moves/2,            % +State, -Moves
            move/3,                   % +State, +Move, -NewState
            game_over/2,              % +State, -Winner
            value/3,                  % +State, +Player, -Value
            choose_move/3,            % +State, +Level, -Move
            display_game/1,           % +State
            move_text/2               % ?Move, ?Text
          ]).
:- use_module(gamefile/load).

/** <module> A game file, as a bot host loads a game

prolog/bots/host.pl loads its game with use_module/2 (or finds it in its
saved state). For a game file it loads this module and calls
arena_file_game_proxy:load_from_environment/0 (not exported: a bot may call what
the game exports), which loads the file named by the environment
variable ARENA_GAME_FILE (dialect ARENA_GAME_DIALECT: auto, swi or
sicstus4) through prolog/gamefile/load.pl, checks and limits included (in
a jail, ARENA_GAME_JAIL=true, as the game host loads it), and
passes every contract predicate on to it. value/3 throws an existence
error for a game without one.
*/

:- dynamic loaded_game/1.

load_from_environment :-
    loaded_game(_),
    !.
load_from_environment :-
    getenv('ARENA_GAME_FILE', File),
    (   getenv('ARENA_GAME_DIALECT', Dialect)
    ->  true
    ;   Dialect = auto
    ),
    (   getenv('ARENA_GAME_JAIL', true)
    ->  create_prolog_flag(arena_game_jail, true, [type(boolean), access(read_only)])
    ;   true
    ),
    load_game_file(File, Dialect, arena_file_game, Game, Info),
    (   Info.missing == []
    ->  assertz(loaded_game(Game))
    ;   existence_error(procedure, Info.missing)
    ).

title(T) :- loaded_game(G), G:title(T).
players(P) :- loaded_game(G), G:players(P).
option(N, D, H) :- loaded_game(G), G:option(N, D, H).
initial_state(O, S) :- loaded_game(G), G:initial_state(O, S).
current_player(S, P) :- loaded_game(G), G:current_player(S, P).
valid_moves(S, Ms) :- loaded_game(G), G:valid_moves(S, Ms).
move(S, M, S1) :- loaded_game(G), G:move(S, M, S1).
game_over(S, W) :- loaded_game(G), G:game_over(S, W).
value(S, P, V) :- loaded_game(G), G:value(S, P, V).
choose_move(S, L, M) :- loaded_game(G), G:choose_move(S, L, M).
display_game(S) :- loaded_game(G), G:display_game(S).
move_text(M, T) :- loaded_game(G), G:move_text(M, T).
