:- module(arena_bridge,
          [ safe/2,                   % :Goal, -Result
            interruptible/1,          % :Goal
            load_game/2,              % +File, -Game
            game_info/4,              % +Game, -Title, -Players, -Options
            new_state/3,              % +Game, +Options, -StateText
            parse_state/3,            % +Game, +Text, -StateText
            state_info/5,             % +Game, +StateText, -Player, -MoveTexts, -Over
            play_move/4,              % +Game, +StateText, +MoveText, -Json
            play_move_dict/4,         % +Game, +StateText, +MoveText, -Dict
            move_error/4,             % +Game, +StateText, +MoveText, -Reason
            state_value/4,            % +Game, +StateText, +Player, -Value
            choose/5,                 % +Game, +StateText, +Level, +Seconds, -MoveText
            choose/6,                 % +Game, +StateText, +Level, +Seconds, -MoveText, -Note
            move_descriptions/3,      % +Game, +StateText, -Pairs
            outcome/4,                % +Game, +StateText, -Winner, -Reason
            rules/2,                  % +Game, -Text
            seed/1,                   % +Seed
            prepare_level/2,          % +Game, +Level
            load_file_game/6,         % +File, +Dialect, +Base, -Dialect, -Missing, -Present
            new_state_config/3,       % +Game, +ConfigText, -StateText
            check_game/5              % +Game, +Config, +Options, +CheckOptions, -Problems
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(library(time)).
:- use_module(library(http/json), [json_write_dict/3]).
:- use_module(arena).
:- use_module(contract, [contract/3]).
:- use_module(gamefile/load).
:- use_module(gamefile/safety, [message_to_codes/2]).
:- use_module(gamefile/move_time, [with_move_time/3, general_move/4]).
:- use_module(gamecheck).
:- reexport([bridge_display, typed_move]).  % display/4 and kin, typed_move/3

/** <module> What Python calls: the contract over canonical texts

Python holds states as canonical term text (`~q`), moves as move text.
Every predicate here takes and returns atoms, numbers and lists of them:
only ground data crosses to Python, and no goal is built from user text
(Python embeds it as quoted atoms, parsed here as data). Only what the
shipping code calls is here; tests/support/bridge_test.pl and
benchmarks/bench.pl add their own.
*/

:- meta_predicate
    safe(0, -),
    interruptible(0).

%!  safe(:Goal, -Result) is det.
%   Result is `true` when Goal succeeded (once), `false` when it failed,
%   error(Kind, Message) when it threw.

safe(Goal, Result) :-
    catch(( call(Goal) -> Result = true ; Result = false ),
          Error,
          error_result(Error, Result)).

error_result(Error, error(Kind, Message)) :-
    error_kind(Error, Kind),
    error_message(Error, Message).

error_kind(arena_interrupted, interrupted) :- !.
error_kind(time_limit_exceeded, timeout) :- !.
error_kind(error(existence_error(procedure, _), _), unknown_procedure) :- !.
error_kind(error(Formal, _), Kind) :-
    compound(Formal),
    !,
    functor(Formal, Kind, _).
error_kind(error(Formal, _), Formal) :-
    atom(Formal),
    !.
error_kind(_, other).

error_message(error(game_rule(Message), _), Message) :-
    !.
error_message(error(game_refused(Reasons), _), Message) :-
    !,
    atomic_list_concat(Reasons, '\n', Message).
error_message(Error, Message) :-
    catch(message_to_codes(Error, Codes), _, fail),
    !,
    atom_codes(Message, Codes).
error_message(Error, Message) :-
    format(atom(Message), "~q", [Error]).

%!  interruptible(:Goal)
%
%   Runs Goal so that SIGINT (Ctrl-C) throws arena_interrupted. This takes
%   the process's SIGINT handler; Python takes it back after the call.
%   Outside interruptible/1 a pending SIGINT is ignored.

interruptible(Goal) :-
    % via default: SWI-Prolog installs no OS handler when its own is unchanged
    on_signal(int, _, default),
    on_signal(int, _, arena_bridge:interrupt),
    b_setval(arena_interruptible, true),
    call(Goal).

interrupt(_Signal) :-
    (   nb_current(arena_interruptible, true)
    ->  throw(arena_interrupted)
    ;   true
    ).

%!  load_game(+File, -Game) is det.
%
%   Loads the game module in File; Game is its module name. Throws
%   existence_error when File does not define a module exporting the
%   required and standard predicates of the contract (prolog/contract.pl).

load_game(File, Game) :-
    use_module(File, []),               % nothing imported: games share names
    (   module_property(Module, file(File))
    ->  Game = Module
    ;   existence_error(game_module, File)
    ),
    forall(( contract(Name/Arity, Need, _),
             memberchk(Need, [required, standard])
           ),
           (   current_predicate(Game:Name/Arity)
           ->  true
           ;   existence_error(procedure, Game:Name/Arity)
           )).

%!  game_info(+Game, -Title, -Players, -Options) is det.
%
%   Options is a list of [Name, Default, Help] with Help an atom.

game_info(Game, Title, Players, Options) :-
    Game:title(Title0),
    text_atom(Title0, Title),
    Game:players(Players),
    findall([Name, Default, Help],
            ( Game:option(Name, Default, Help0),
              text_atom(Help0, Help)
            ),
            Options).

text_atom(Text, Atom) :-
    (   atom(Text) -> Atom = Text ; atom_string(Atom, Text) ).

%   The last state written is kept with its text: the state a caller
%   sends back is most often the last one it was given, not read again.
state_text(State, Text) :-
    format(atom(Text), "~q", [State]),
    (   ground(State)
    ->  nb_setval(arena_state_text, Text-State)
    ;   true
    ).

text_state(Text, State) :-
    (   nb_current(arena_state_text, Text0-State0),
        Text0 == Text
    ->  State = State0
    ;   term_string(State, Text)
    ).

%!  new_state(+Game, +Options, -StateText) is det.

new_state(Game, Options, Text) :-
    Game:initial_state(Options, State),
    state_text(State, Text).

%!  parse_state(+Game, +Text, -StateText) is det.
%
%   StateText is the canonical text of the state written as Text. Throws
%   syntax_error for unreadable text and domain_error(state, Text) for a
%   term that is not a state of Game.

parse_state(Game, Text, StateText) :-
    catch(term_string(State, Text), error(syntax_error(What), _),
          domain_error(state_text, What)),
    (   ground(State),
        catch(Game:current_player(State, Player), _, fail),
        Game:players(Players),
        memberchk(Player, Players),
        catch(Game:valid_moves(State, _), _, fail)
    ->  state_text(State, StateText)
    ;   domain_error(state, Text)
    ).

%!  state_info(+Game, +StateText, -Player, -MoveTexts, -Over) is det.
%   Over is `none` while the game goes on, else the winner or draw.

state_info(Game, Text, Player, MoveTexts, Over) :-
    text_state(Text, State),
    state_facts(Game, State, Player, MoveTexts, Over).

state_facts(Game, State, Player, MoveTexts, Over) :-
    Game:current_player(State, Player),
    (   Game:game_over(State, Winner)
    ->  Over = Winner
    ;   Over = none
    ),
    (   Game:valid_moves(State, Moves)
    ->  true
    ;   Over \== none                   % no moves once the game is over
    ->  Moves = []
    ;   format(atom(Message), "~w: valid_moves/2 failed where the game goes on", [Game]),
        throw(error(game_rule(Message), _))
    ),
    bounded_moves(Game, Moves),
    maplist(Game:move_text, Moves, MoveTexts).

%!  play_move(+Game, +StateText, +MoveText, -Json) is semidet.
%
%   In one query, what a referee needs after the move MoveText (read as
%   move_text/2 reads it): {"state":S, "move":Canonical, "player":P,
%   "moves":[...], "over":WinnerOrNone, "reason":ReasonOrNone, "note":N}
%   (state_info/5, outcome/4 and move_outcome/4 of S). Fails when
%   MoveText is not the text of a valid move; play_move_dict/4 gives the
%   dict (a game host replies with it as it is).

play_move(Game, Text, MoveText, Json) :-
    play_move_dict(Game, Text, MoveText, Dict),
    with_output_to(string(Json), json_write_dict(current_output, Dict, [width(0)])).

play_move_dict(Game, Text, MoveText, Dict) :-
    text_state(Text, State),
    Game:move_text(Move, MoveText),
    Game:move(State, Move, State1),
    Game:move_text(Move, Canonical),
    state_text(State1, NewText),
    state_facts(Game, State1, Player, MoveTexts, Over),
    (   Over == none
    ->  Reason = none
    ;   outcome_reason(Game, State1, Over, Reason)
    ),
    (   current_predicate(Game:move_outcome/4),
        Game:move_outcome(State, Move, State1, Note0)
    ->  text_atom(Note0, Note)
    ;   Note = ''
    ),
    maplist(json_text, MoveTexts, Moves),
    maplist(json_text, [NewText, Canonical, Player, Over, Reason, Note], [S, M, P, O, R, N]),
    Dict = _{state:S, move:M, player:P, moves:Moves, over:O, reason:R, note:N}.

%   bounded_moves(+Game, +Moves): at most 100,000 moves in a position,
%   else a broken rule (a game file's answer would be megabytes).

bounded_moves(Game, Moves) :-
    length(Moves, N),
    (   N =< 100_000
    ->  true
    ;   format(atom(Message), "~w: valid_moves/2 gave ~D moves, more than 100,000", [Game, N]),
        throw(error(game_rule(Message), _))
    ).

json_text(Text, String) :-
    text_to_string(Text, String).

%!  move_error(+Game, +StateText, +MoveText, -Reason) is det.
%
%   Reason says why MoveText is not a valid move in the state, in the
%   game's terms where the game says (illegal_move_reason/3).

move_error(Game, Text, MoveText, Reason) :-
    text_state(Text, State),
    (   current_predicate(Game:illegal_move_reason/3),
        Game:illegal_move_reason(State, MoveText, Reason0)
    ->  text_atom(Reason0, Reason)
    ;   Game:game_over(State, _)
    ->  Reason = 'the game is over'
    ;   \+ Game:move_text(_, MoveText)
    ->  format(atom(Reason), "~w is not a move", [MoveText])
    ;   format(atom(Reason), "~w is not a valid move now", [MoveText])
    ).

%!  state_value(+Game, +StateText, +Player, -Value) is semidet.
%
%   Fails for a game without value/3.

state_value(Game, Text, Player, Value) :-
    current_predicate(Game:value/3),    % a game file may have none: fails
    text_state(Text, State),
    Game:value(State, Player, Value0),
    Value is float(Value0).

%!  choose(+Game, +StateText, +Level, +Seconds, -MoveText) is semidet.
%!  choose(+Game, +StateText, +Level, +Seconds, -MoveText, -Note) is semidet.
%
%   The built-in AI's move. Seconds is the move time (0: none): the
%   general AI and a game file's own levels keep within it
%   (arena_gamefile_move_time:with_move_time/3), Note says where a level
%   overran and a random valid move was played instead ('' when none).
%   A built-in game's own levels take their own time; the whole is
%   bounded by ai_safety_seconds/1 (time_limit_exceeded).

choose(Game, Text, Level, Seconds, MoveText) :-
    choose(Game, Text, Level, Seconds, MoveText, _).

choose(Game, Text, Level, Seconds, MoveText, Note) :-
    text_state(Text, State),
    ai_safety_seconds(Safety),
    with_move_time(Seconds,
                   call_with_time_limit(Safety, pick_move(Game, State, Level, Move)),
                   Note),
    Game:move_text(Move, MoveText).

ai_safety_seconds(120).

%   pick_move(+Game, +State, +Level, -Move): a negative level -N is the
%   general AI at level N (player spec mcts:N); a game file's raw view
%   answers it, a built-in game is searched by arena_ai_generic within the
%   move time's share.
pick_move(Game, State, Level, Move) :-
    integer(Level),
    Level < 0,
    \+ game_file_raw(Game, _),
    !,
    N is -Level,
    general_move(Game, State, N, Move).
pick_move(Game, State, Level, Move) :-
    Game:choose_move(State, Level, Move).

%!  move_descriptions(+Game, +StateText, -Pairs) is det.
%
%   Pairs is [MoveText, Description] for every valid move.

move_descriptions(Game, Text, Pairs) :-
    text_state(Text, State),
    Game:valid_moves(State, Moves),
    bounded_moves(Game, Moves),
    maplist(move_description_pair(Game, State), Moves, Pairs).

move_description_pair(Game, State, Move, [MoveText, Description]) :-
    Game:move_text(Move, MoveText),
    (   current_predicate(Game:move_description/3),
        Game:move_description(State, Move, Description0)
    ->  text_atom(Description0, Description)
    ;   Description = ''
    ).

%!  outcome(+Game, +StateText, -Winner, -Reason) is semidet.
%
%   Fails while the game goes on.

outcome(Game, Text, Winner, Reason) :-
    text_state(Text, State),
    Game:game_over(State, Winner),
    outcome_reason(Game, State, Winner, Reason).

outcome_reason(Game, State, Winner, Reason) :-
    (   current_predicate(Game:outcome_reason/2),
        Game:outcome_reason(State, Reason0)
    ->  text_atom(Reason0, Reason)
    ;   Winner == draw
    ->  Reason = draw
    ;   Reason = win
    ).

%!  rules(+Game, -Text) is det.

rules(Game, Text) :-
    (   current_predicate(Game:rules/1)
    ->  Game:rules(Text0),
        text_atom(Text0, Text)
    ;   Text = ''
    ).

%!  seed(+Seed) is det.
%
%   Seeds Prolog's random generator (level 1 and every random tie-break).

seed(Seed) :-
    set_random(seed(Seed)).

%!  prepare_level(+Game, +Level) is det.
%
%   Game's optional prepare_level/1: what its AI does once (a solver's table).

prepare_level(Game, Level) :-
    (   current_predicate(Game:prepare_level/1)
    ->  ignore(Game:prepare_level(Level))
    ;   true
    ).

%!  load_file_game(+File, +Dialect0, +Base, -Dialect, -Missing, -Present) is det.
%
%   Loads the game file File as game Base (prolog/gamefile/load.pl). The game
%   host (prolog/gamehost.pl) calls it in its jail; the referee's engine
%   never does (benchmarks/bench_gamehost.py, to compare, alone). Missing
%   lists the required predicates it lacks (then Base cannot be played),
%   Present what it defines of the contract. Throws
%   error(game_refused(Reasons), _) when the file is refused.

load_file_game(File, Dialect0, Base, Dialect, Missing, Present) :-
    load_game_file(File, Dialect0, Base, _, Info),
    Dialect = Info.dialect,
    Missing = Info.missing,
    Present = Info.present.

%!  new_state_config(+Game, +ConfigText, -StateText) is det.
%
%   The state initial_state/2 of game file Game makes from the config
%   term written as ConfigText, passed verbatim.

new_state_config(Game, ConfigText, Text) :-
    catch(term_string(Config, ConfigText), error(syntax_error(What), _),
          domain_error(config_text, What)),
    Game:config_state(Config, State),
    state_text(State, Text).

%!  check_game(+Game, +Config, +Options, +CheckOptions, -Problems) is det.
%
%   The conformance problems of Game (gamecheck.pl), from the state
%   initial_state/2 makes of Options (a list of Name(Value)) or, when
%   Config is not '', of the config term written as Config. A game file
%   is checked through its raw view.

check_game(Game, Config, Options, CheckOptions, Problems) :-
    (   game_file_raw(Game, Checked)
    ->  true
    ;   Checked = Game
    ),
    catch(( (   Config == ''
            ->  Start = Checked:initial_state(Options, State0)
            ;   term_string(ConfigTerm, Config),
                Start = Checked:config_state(ConfigTerm, State0)
            ),
            rule_call(Game, initial_state/2, Start),
            ground(State0)
          ),
          Error,
          true),
    (   var(Error),
        nonvar(State0)
    ->  check_game(Checked, State0, CheckOptions, Problems)
    ;   var(Error)
    ->  Problems = [['initial_state/2', '', '', 'failed or gave a non-ground state']]
    ;   error_message(Error, Why),
        Problems = [['initial_state/2', '', '', Why]]
    ).
