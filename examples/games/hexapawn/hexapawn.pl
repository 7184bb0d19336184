% The arena's adapter for the hexapawn submission in src/: it loads the
% students' files unchanged and adds what the arena needs.

:- consult('src/game.pl').

players([white, black]).

current_player(game(_, Turn, _), Turn).

% the config passed to initial_state/2: both seats are played by the arena
arena_config(_Options, config(1, 1)).

% the submission's winner (the winning piece) as a player
arena_winner(w, white).
arena_winner(b, black).
