:- module(arena,
          [ option_value/4,           % +Options, +Name, +Default, -Value
            check_options/2,          % +Game, +Options
            int_option/6,             % +Game, +Options, +Name, +Low, +High, -Value
            player_opponent/3,        % +Game, +Player, -Opponent
            random_move/3,            % +Game, +State, -Move
            greedy_move/3,            % +Game, +State, -Move
            random_best/2,            % +ScoredMoves, -Move
            line_runs/3,              % +Board, +Lines, -Runs
            open_lines_value/4,       % +Runs, +Player, +Opponent, -Value
            three_in_a_line/2         % +Board3x3, -Player
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(error)).

/** <module> The Prolog Arena game contract and helpers shared by games

A game is a module `prolog/games/<id>.pl` whose module name is its id.
It exports these predicates, each with a PlDoc header:

| predicate                             | meaning                                       |
|---------------------------------------|-----------------------------------------------|
| title(-Title)                         | human name, a string                          |
| players(-[First, Second])             | player atoms; First moves first               |
| option(?Name, ?Default, ?Help)        | one solution per option the game accepts      |
| initial_state(+Options, -State)       | Options = [Name(Value), ...]; an unknown or out-of-range option throws domain_error |
| current_player(+State, -Player)       | whose turn it is                              |
| valid_moves(+State, -Moves)           | det; sorted, duplicate-free; [] exactly when the game is over |
| move(+State, +Move, -NewState)        | semidet: fails for any move not in valid_moves |
| game_over(+State, -Winner)            | semidet; Winner is a player or draw           |
| value(+State, +Player, -Value)        | number; higher is better for Player           |
| choose_move(+State, +Level, -Move)    | 1 random, 2 greedy on value/3, 3+ stronger    |
| display_game(+State)                  | prints the board with the coordinates a user types |
| move_text(?Move, ?Text)               | the move notation, both directions; Text an atom |

The player is inside the state. Rules are pure: no assert, no global
variables, no I/O except in display_game/1. Everything that crosses to
Python is ground.

A game may also export these optional predicates; the bridge falls back
to plain behaviour without them:

| predicate                               | meaning                                     |
|-----------------------------------------|---------------------------------------------|
| move_description(+State, +Move, -Text)  | a short description of a valid move ("column 4") |
| illegal_move_reason(+State, +Text, -Reason) | why Text is not a valid move now, in the game's terms |
| outcome_reason(+State, -Reason)         | why the game ended ("three in a row", "score 5-3") |
| display_game(+State, +Options)          | display_game/1 with options: last_move(Move) marks the last move |
| rules(-Text)                            | the rules and notation, a few lines         |

Example, tic-tac-toe after x played the centre:

    ?- tictactoe:initial_state([], S0), tictactoe:move(S0, 5, S).
    S = state([e,e,e,e,x,e,e,e,e], o).
*/

%!  option_value(+Options, +Name, +Default, -Value) is det.
%
%   Value is the value of option Name in Options (a list of Name(Value)
%   terms), or Default when Options does not mention Name.

option_value(Options, Name, Default, Value) :-
    Option =.. [Name, Value0],
    (   memberchk(Option, Options)
    ->  Value = Value0
    ;   Value = Default
    ).

%!  check_options(+Game, +Options) is det.
%
%   Throws domain_error(option, Option) when Options is not a list of
%   Name(Value) terms that Game:option/3 knows.

check_options(Game, Options) :-
    must_be(list, Options),
    maplist(check_option(Game), Options).

check_option(Game, Option) :-
    (   compound(Option),
        compound_name_arity(Option, Name, 1),
        Game:option(Name, _, _)
    ->  true
    ;   domain_error(option, Option)
    ).

%!  int_option(+Game, +Options, +Name, +Low, +High, -Value) is det.
%
%   Value is the integer value of option Name in Options, or its default
%   from Game:option/3. Throws domain_error(between(Low, High), Name(V))
%   when the value is not an integer in Low..High, so that the error names
%   the option.

int_option(Game, Options, Name, Low, High, Value) :-
    Game:option(Name, Default, _),
    option_value(Options, Name, Default, Value),
    (   integer(Value),
        between(Low, High, Value)
    ->  true
    ;   Culprit =.. [Name, Value],
        domain_error(between(Low, High), Culprit)
    ).

%!  player_opponent(+Game, +Player, -Opponent) is semidet.
%
%   Opponent is the other player of Game.

player_opponent(Game, Player, Opponent) :-
    Game:players([First, Second]),
    (   Player == First
    ->  Opponent = Second
    ;   Player == Second
    ->  Opponent = First
    ).

%!  random_move(+Game, +State, -Move) is semidet.
%
%   Move is a random valid move; fails when the game is over.

random_move(Game, State, Move) :-
    Game:valid_moves(State, Moves),
    random_member(Move, Moves).

%!  greedy_move(+Game, +State, -Move) is semidet.
%
%   Move maximises value/3 for the mover after the move, at random among
%   equal values. A move that wins at once is always preferred.

greedy_move(Game, State, Move) :-
    Game:current_player(State, Player),
    Game:valid_moves(State, Moves),
    Moves \== [],
    findall(Score-M,
            ( member(M, Moves),
              Game:move(State, M, State1),
              greedy_score(Game, State1, Player, Score)
            ),
            Scored),
    random_best(Scored, Move).

greedy_score(Game, State, Player, Score) :-
    (   Game:game_over(State, Winner)
    ->  (   Winner == Player
        ->  Score = inf
        ;   Winner == draw
        ->  Score = 0
        ;   Score = -inf
        )
    ;   Game:value(State, Player, Score)
    ).

%!  random_best(+ScoredMoves, -Move) is semidet.
%
%   Move is a random one among the Score-Move pairs of highest Score.
%   Scores are numbers, inf or -inf.

random_best(Scored, Move) :-
    Scored = [_|_],
    pairs_keys(Scored, Scores),
    max_member(score_le, Best, Scores),
    findall(M, member(Best-M, Scored), Bests),
    random_member(Move, Bests).

score_le(A, B) :-
    A =< B.

%!  line_runs(+Board, +Lines, -Runs) is det.
%
%   Runs is, for each line (a list of 1-based positions), the list of
%   pieces of Board (a flat list) at those positions.

line_runs(Board, Lines, Runs) :-
    maplist(line_pieces(Board), Lines, Runs).

line_pieces(Board, Line, Pieces) :-
    maplist(board_nth(Board), Line, Pieces).

board_nth(Board, I, Piece) :-
    nth1(I, Board, Piece).

%!  three_in_a_line(+Board, -Player) is semidet.
%
%   Player has three in a row, column or diagonal on Board, a 3x3 board
%   as a flat list of 9 pieces, e for empty (the first line, rows then
%   columns then diagonals, when both have one).

three_in_a_line([A,B,C,D,E,F,G,H,I], Player) :-
    (   same3(A, B, C, P)
    ;   same3(D, E, F, P)
    ;   same3(G, H, I, P)
    ;   same3(A, D, G, P)
    ;   same3(B, E, H, P)
    ;   same3(C, F, I, P)
    ;   same3(A, E, I, P)
    ;   same3(C, E, G, P)
    ),
    !,                                  % green: the first line decides
    Player = P.

same3(P, P, P, P) :-
    P \== e.

%!  open_lines_value(+Runs, +Player, +Opponent, -Value) is det.
%
%   Value scores lines (each a list of pieces): a line holding only
%   Player's pieces counts 3^(N-1) for N pieces, one holding only
%   Opponent's counts -3^(N-1), any other line 0.

open_lines_value(Runs, Player, Opponent, Value) :-
    foldl(open_line_score(Player, Opponent), Runs, 0, Value).

open_line_score(Player, Opponent, Pieces, V0, V) :-
    include(==(Player), Pieces, Own),
    include(==(Opponent), Pieces, Theirs),
    length(Own, NOwn),
    length(Theirs, NTheirs),
    (   NTheirs =:= 0, NOwn > 0
    ->  V is V0 + 3^(NOwn-1)
    ;   NOwn =:= 0, NTheirs > 0
    ->  V is V0 - 3^(NTheirs-1)
    ;   V = V0
    ).
