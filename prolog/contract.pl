:- module(arena_contract,
          [ contract/3,               % ?Name/Arity, ?Need, ?Modes
            defines/2                 % +Module, +Name/Arity
          ]).

/** <module> The game contract: the one table of a game's predicates

Every reader of the contract takes it from contract/3: the bridge that
loads a built-in game (prolog/bridge.pl), the game-file loader and its
views (prolog/gamefile/load.pl, prolog/gamefile/view.pl), the bot host's
game file (prolog/file_game.pl) and, through the game host's load reply
(prolog/gamehost.pl), the referee's messages in Python. prolog/arena.pl
has the helpers games share.

Need says who defines a predicate:

  - `required`: every game, built-in or game file;
  - `standard`: a built-in game; a game file may leave it to the arena
    (the defaults are in prolog/gamefile/view.pl);
  - `optional`: any game may define it; the arena does without;
  - `built_in`: a built-in game may define it; in a game file the name
    is not the contract's (display_game/2 is a course variant there).

Modes is the predicate's head as its PlDoc header writes it.

The player is inside the state. Rules are pure: no assert, no global
variables, no I/O except in display_game/1,2. Everything that crosses to
Python is ground.

    ?- contract(PI, required, Modes).
    PI = players/1, Modes = 'players(-Players)' ;
    ...
*/

%!  contract(?PI, ?Need, ?Modes) is nondet.
%
%   PI (Name/Arity) is a predicate of the game contract, Need one of
%   required, standard, optional, built_in, Modes its head with the
%   modes of its arguments (an atom).

% the player atoms, [First, Second]; First moves first
contract(players/1,             required, 'players(-Players)').
% Options is a list of Name(Value); an unknown or out-of-range option
% throws domain_error
contract(initial_state/2,       required, 'initial_state(+Options, -State)').
% whose turn it is
contract(current_player/2,      required, 'current_player(+State, -Player)').
% det; sorted, duplicate-free; [] exactly when the game is over
contract(valid_moves/2,         required, 'valid_moves(+State, -Moves)').
% semidet: fails for any move not in valid_moves/2
contract(move/3,                required, 'move(+State, +Move, -NewState)').
% semidet; Winner is a player or draw
contract(game_over/2,           required, 'game_over(+State, -Winner)').
% the human name, a string
contract(title/1,               standard, 'title(-Title)').
% one solution per option the game accepts
contract(option/3,              standard, 'option(?Name, ?Default, ?Help)').
% a number; higher is better for Player
contract(value/3,               standard, 'value(+State, +Player, -Value)').
% 1 random valid move, 2 greedy on value/3, 3+ stronger
contract(choose_move/3,         standard, 'choose_move(+State, +Level, -Move)').
% prints the board with the coordinates a user types; may use ansi_format/3
contract(display_game/1,        standard, 'display_game(+State)').
% the move notation, both directions; Text an atom
contract(move_text/2,           standard, 'move_text(?Move, ?Text)').
% a short description of a valid move ("column 4")
contract(move_description/3,    optional, 'move_description(+State, +Move, -Text)').
% why Text is not a valid move now, in the game's terms
contract(illegal_move_reason/3, optional, 'illegal_move_reason(+State, +Text, -Reason)').
% why the game ended ("three in a row", "score 5-3")
contract(outcome_reason/2,      optional, 'outcome_reason(+State, -Reason)').
% semidet: what the valid Move from State0 to State decided, said under
% the move ("p2 wins green (fence)"); fails when it decided nothing
contract(move_outcome/4,        optional, 'move_outcome(+State0, +Move, +State, -Text)').
% the rules and notation, a few lines; the first is the game's one-line
% description (`arena games`)
contract(rules/1,               optional, 'rules(-Text)').
% display_game/1 with options: last_move(Move) marks the last move
contract(display_game/2,        built_in, 'display_game(+State, +Options)').
% does once what level Level needs first (a solver's table)
contract(prepare_level/1,       built_in, 'prepare_level(+Level)').

%!  defines(+Module, +PI) is semidet.
%
%   Module defines PI (Name/Arity) itself, not imported.

defines(Module, Name/Arity) :-
    functor(Head, Name, Arity),
    current_predicate(Name, Module:Head),
    \+ predicate_property(Module:Head, imported_from(_)).
