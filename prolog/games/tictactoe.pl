:- module(tictactoe,
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
            prepare_level/1,          % +Level
            solved_outcome/2,         % +State, -Outcome
            display_game/1,           % +State
            display_game/2,           % +State, +Options
            move_text/2,              % ?Move, ?Text
            move_description/3,       % +State, +Move, -Text
            illegal_move_reason/3,    % +State, +Text, -Reason
            outcome_reason/2,         % +State, -Reason
            rules/1                   % -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module('../arena').
:- use_module('../ai/solver').

/** <module> Tic-tac-toe

Cells are numbered 1..9 row by row from the top left; a move is the
number of an empty cell and its text is that number.

    State = state(Board, ToMove)
    Board = list of 9 cells, each x, o or e (empty)
    ToMove = x or o

    ?- initial_state([], S0), move(S0, 5, S).
    S = state([e,e,e,e,x,e,e,e,e], o).
*/

%!  title(-Title) is det.
title("Tic-tac-toe").

%!  players(-Players) is det.
players([x, o]).

%!  option(?Name, ?Default, ?Help) is nondet.
%
%   Tic-tac-toe takes no options.
option(_, _, _) :-
    fail.

%!  initial_state(+Options, -State) is det.
initial_state(Options, state(Board, x)) :-
    check_options(tictactoe, Options),
    length(Board, 9),
    maplist(=(e), Board).

%!  current_player(+State, -Player) is det.
current_player(state(_, Player), Player).

%!  valid_moves(+State, -Moves) is det.
%
%   Moves are the empty cells in order, or [] when the game is over.
valid_moves(State, Moves) :-
    (   game_over(State, _)
    ->  Moves = []
    ;   State = state(Board, _),
        empty_cells(Board, 1, Moves)
    ).

empty_cells([], _, []).
empty_cells([Piece|Pieces], Cell, Cells) :-
    (   Piece == e
    ->  Cells = [Cell|Cells1]
    ;   Cells = Cells1
    ),
    Next is Cell + 1,
    empty_cells(Pieces, Next, Cells1).

%!  move(+State, +Move, -NewState) is semidet.
move(State, Cell, state(Board, Opponent)) :-
    integer(Cell),
    \+ game_over(State, _),
    State = state(Board0, Player),
    nth1(Cell, Board0, e),
    set_nth1(Cell, Board0, Player, Board),
    player_opponent(tictactoe, Player, Opponent).

%!  game_over(+State, -Winner) is semidet.
%
%   Winner is the player with three in a row, or draw on a full board.
game_over(state(Board, _), Winner) :-
    (   three_in_a_line(Board, Player)
    ->  Winner = Player
    ;   \+ memberchk(e, Board)
    ->  Winner = draw
    ).

%!  value(+State, +Player, -Value) is det.
%
%   1000 for a won game, -1000 for a lost one; otherwise the lines still
%   open for Player minus those open for the opponent, each weighted by
%   its own stones (1, 3 or 9).
value(State, Player, Value) :-
    player_opponent(tictactoe, Player, Opponent),
    (   game_over(State, Winner)
    ->  (   Winner == Player
        ->  Value = 1000
        ;   Winner == Opponent
        ->  Value = -1000
        ;   Value = 0
        )
    ;   State = state(Board, _),
        lines_3x3_pieces(Board, Runs),
        open_lines_value(Runs, Player, Opponent, Value)
    ).

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   Level 1 plays at random, level 2 greedily on value/3, level 3 and up
%   perfectly (solved_move/3 of ai/solver.pl: a random one among the
%   moves of best game value, quickest win or slowest loss). Fails when
%   the game is over.
choose_move(State, Level, Move) :-
    level_move(tictactoe, State, Level, perfect_move, Move).

%!  prepare_level(+Level) is det.
%
%   Level 3 and up: the solved values of every position, tabled once (so
%   that no move's time pays for it).
prepare_level(Level) :-
    (   Level >= 3
    ->  initial_state([], State),
        solved_move(tictactoe, State, _)
    ;   true
    ).

perfect_move(State, _Level, Move) :-
    solved_move(tictactoe, State, Move).

%!  solved_outcome(+State, -Outcome) is det.
%
%   The end of the game with perfect play from State: win(Player, Plies)
%   (Player wins, Plies plies from now) or draw.
solved_outcome(State, Outcome) :-
    solved_value(tictactoe, State, Value),
    current_player(State, Player),
    mate_outcome(Value, Player, Outcome).

mate_outcome(0, _, draw) :-
    !.                                  % green: even
mate_outcome(Value, Player, win(Player, Plies)) :-
    Value > 0,
    !,                                  % green: the mover wins
    Plies is 1000 - Value.
mate_outcome(Value, Player, win(Opponent, Plies)) :-
    player_opponent(tictactoe, Player, Opponent),
    Plies is 1000 + Value.

%!  display_game(+State) is det.
display_game(State) :-
    display_game(State, []).

%!  display_game(+State, +Options) is det.
%
%   Options: last_move(Cell) highlights that cell.
display_game(state(Board, Player), Options) :-
    option_value(Options, last_move, none, Last),
    format("~n"),
    forall(between(0, 2, Row),
           ( display_row(Board, Row, Last),
             (   Row < 2
             ->  format("   ---+---+---~n")
             ;   true
             )
           )),
    (   game_over(state(Board, Player), _)
    ->  true
    ;   format("~n   ~w to move~n", [Player])
    ).

display_row(Board, Row, Last) :-
    format("   "),
    forall(between(1, 3, Col),
           ( Cell is Row*3 + Col,
             nth1(Cell, Board, Piece),
             display_cell(Cell, Piece, Last),
             (   Col < 3
             ->  format("|")
             ;   format("~n")
             )
           )).

display_cell(Cell, e, _) :-
    !,                                  % green: empty cells show their number
    ansi_format([faint], " ~w ", [Cell]).
display_cell(Cell, Piece, Last) :-
    piece_style(Piece, Style0),
    (   Cell == Last
    ->  Style = [bold, underline|Style0]
    ;   Style = [bold|Style0]
    ),
    upcase_atom(Piece, Shown),
    ansi_format(Style, " ~w ", [Shown]).

piece_style(x, [fg(red)]).
piece_style(o, [fg(cyan)]).

%!  move_text(?Move, ?Text) is semidet.
%
%   The text of a move is its cell number, 1..9.
move_text(Move, Text) :-
    (   integer(Move)
    ->  between(1, 9, Move),
        atom_number(Text, Move)
    ;   atom(Text),
        atom_number(Text, Move),
        integer(Move),
        between(1, 9, Move)
    ).

%!  move_description(+State, +Move, -Text) is det.
move_description(_, Cell, Text) :-
    Row is (Cell - 1) // 3,
    Col is (Cell - 1) mod 3,
    nth0(Row, [top, middle, bottom], RowName),
    nth0(Col, [left, centre, right], ColName),
    (   Cell =:= 5
    ->  Text = "centre"
    ;   format(string(Text), "~w ~w", [RowName, ColName])
    ).

%!  illegal_move_reason(+State, +Text, -Reason) is semidet.
illegal_move_reason(State, Text, Reason) :-
    (   game_over(State, _)
    ->  Reason = "the game is over"
    ;   \+ move_text(_, Text)
    ->  format(string(Reason), "~w is not a cell: type a number from 1 to 9", [Text])
    ;   move_text(Cell, Text),
        State = state(Board, _),
        nth1(Cell, Board, Piece),
        Piece \== e
    ->  format(string(Reason), "cell ~w is occupied by ~w", [Cell, Piece])
    ).

%!  outcome_reason(+State, -Reason) is semidet.
outcome_reason(State, Reason) :-
    game_over(State, Winner),
    (   Winner == draw
    ->  Reason = "board full"
    ;   Reason = "three in a row"
    ).

%!  rules(-Text) is det.
rules(Text) :-
    Text = "Three in a row on a 3x3 board.\n\c
            Players x (first) and o take turns placing a stone on an empty \c
            cell of the 3x3 board. Three in a row, column or diagonal wins; \c
            a full board without one is a draw.\n\c
            Notation: the cell number, 1..9 row by row from the top left:\n\c
            \x20  1 2 3\n\c
            \x20  4 5 6\n\c
            \x20  7 8 9".
