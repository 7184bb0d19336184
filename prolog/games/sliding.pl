:- module(sliding,
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
            move_outcome/4,           % +State0, +Move, +State, -Text
            rules/1                   % -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module('../arena').
:- use_module('../ai/sliding_solver').

/** <module> Sliding tic-tac-toe ("jogo da velha modificado")

A 3x3 board, cells numbered 1..9 row by row from the top left. Players x
(first) and o have three stones each. While fewer than six stones are on
the board a move places a stone on an empty cell; afterwards a move slides
one of the mover's stones to an empty neighbouring cell (the 8 king-move
cells). Three in a row, column or diagonal wins, in either phase. The game
is a draw after `max_plies` moves without a line.

    State = state(Board, ToMove, Plies, MaxPlies)
    Board = list of 9 cells, each x, o or e (empty)
    Move  = Cell (placing, text '5') or [From, To] (sliding, text '1-5')

    ?- initial_state([], S0), move(S0, 5, S).
    S = state([e,e,e,e,x,e,e,e,e], o, 1, 60).

Level 3 of choose_move/3 plays perfectly, from a retrograde analysis of
every position (ai/sliding_solver.pl).
*/

%!  title(-Title) is det.
title("Sliding tic-tac-toe").

%!  players(-Players) is det.
players([x, o]).

%!  option(?Name, ?Default, ?Help) is nondet.
option(max_plies, 60, "the game is a draw after this many moves (1..1000)").

%!  initial_state(+Options, -State) is det.
%
%   Throws domain_error for an unknown option or a max_plies outside 1..1000.
initial_state(Options, state(Board, x, 0, MaxPlies)) :-
    check_options(sliding, Options),
    int_option(sliding, Options, max_plies, 1, 1000, MaxPlies),
    length(Board, 9),
    maplist(=(e), Board).

%!  current_player(+State, -Player) is det.
current_player(state(_, Player, _, _), Player).

%!  valid_moves(+State, -Moves) is det.
%
%   The empty cells while placing, the [From, To] slides afterwards, in
%   standard order; [] when the game is over.
valid_moves(State, Moves) :-
    (   game_over(State, _)
    ->  Moves = []
    ;   State = state(Board, Player, _, _),
        board_moves(Board, Player, Moves)
    ).

%   board_moves(+Board, +Player, -Moves): the moves on Board, ignoring
%   whether the game is over. Generated in standard order: cells and
%   neighbours ascend.
board_moves(Board, Player, Moves) :-
    (   placing(Board)
    ->  findall(Cell, nth1(Cell, Board, e), Moves)
    ;   findall([From, To],
                ( nth1(From, Board, Player),
                  neighbour(From, To),
                  nth1(To, Board, e)
                ),
                Moves)
    ).

placing(Board) :-
    empties(Board, 0, N),
    N > 3.

empties([], N, N).
empties([C|Cs], N0, N) :-
    (   C == e
    ->  N1 is N0 + 1
    ;   N1 = N0
    ),
    empties(Cs, N1, N).

stones(Board, N) :-
    empties(Board, 0, E),
    N is 9 - E.

%!  move(+State, +Move, -NewState) is semidet.
%
%   Fails for any move that is not valid in State.
move(State, Move, state(Board, Opponent, Plies, Max)) :-
    \+ game_over(State, _),
    State = state(Board0, Player, Plies0, Max),
    board_move(Board0, Player, Move, Board),
    player_opponent(sliding, Player, Opponent),
    Plies is Plies0 + 1.

%!  move_outcome(+State0, +Move, +State, -Text) is semidet.
%
%   The sixth stone placed, the game going on: sliding begins. Fails for
%   any other move.
move_outcome(state(Board0, _, _, _), _Move, State, Text) :-
    placing(Board0),
    State = state(Board, Player, _, _),
    \+ placing(Board),
    \+ game_over(State, _),
    format(string(Text), "all six stones are placed: from now on a move slides one \c
                          to a free neighbouring cell (~w first)", [Player]).

%   board_move(+Board0, +Player, +Move, -Board) is semidet.
board_move(Board0, Player, Move, Board) :-
    (   integer(Move)
    ->  placing(Board0),
        nth1(Move, Board0, e),
        set_nth1(Move, Board0, Player, Board)
    ;   Move = [From, To],
        integer(From),
        integer(To),
        \+ placing(Board0),
        nth1(From, Board0, Player),
        once(neighbour(From, To)),      % a check: no choice point left
        nth1(To, Board0, e),
        set_nth1(From, Board0, e, Board1),
        set_nth1(To, Board1, Player, Board)
    ).

%   neighbour(?Cell, ?Neighbour): king-move neighbours, in ascending order.
neighbour(1, 2). neighbour(1, 4). neighbour(1, 5).
neighbour(2, 1). neighbour(2, 3). neighbour(2, 4). neighbour(2, 5). neighbour(2, 6).
neighbour(3, 2). neighbour(3, 5). neighbour(3, 6).
neighbour(4, 1). neighbour(4, 2). neighbour(4, 5). neighbour(4, 7). neighbour(4, 8).
neighbour(5, 1). neighbour(5, 2). neighbour(5, 3). neighbour(5, 4).
neighbour(5, 6). neighbour(5, 7). neighbour(5, 8). neighbour(5, 9).
neighbour(6, 2). neighbour(6, 3). neighbour(6, 5). neighbour(6, 8). neighbour(6, 9).
neighbour(7, 4). neighbour(7, 5). neighbour(7, 8).
neighbour(8, 4). neighbour(8, 5). neighbour(8, 6). neighbour(8, 7). neighbour(8, 9).
neighbour(9, 5). neighbour(9, 6). neighbour(9, 8).

%!  game_over(+State, -Winner) is semidet.
%
%   Winner is the player with three in a line, or draw once MaxPlies
%   moves have been played without one.
game_over(state(Board, _, Plies, Max), Winner) :-
    (   three_in_a_line(Board, Owner)
    ->  Winner = Owner
    ;   Plies >= Max
    ->  Winner = draw
    ).

%!  value(+State, +Player, -Value) is det.
%
%   1000 for a won game, -1000 for a lost one, 0 for a draw; otherwise the
%   lines open for Player minus those open for the opponent, each weighted
%   by its own stones (1, 3 or 9).
value(State, Player, Value) :-
    player_opponent(sliding, Player, Opponent),
    (   game_over(State, Winner)
    ->  (   Winner == Player
        ->  Value = 1000
        ;   Winner == Opponent
        ->  Value = -1000
        ;   Value = 0
        )
    ;   State = state(Board, _, _, _),
        lines_3x3_pieces(Board, Runs),
        open_lines_value(Runs, Player, Opponent, Value)
    ).

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   Level 1 plays at random, level 2 greedily on value/3, level 3 and up
%   perfectly: a random one of perfect_moves/2 of ai/sliding_solver.pl.
%   Fails when the game is over.
choose_move(State, Level, Move) :-
    level_move(sliding, State, Level, perfect_move, Move).

%!  prepare_level(+Level) is det.
%
%   Level 3 and up: the retrograde analysis of every position, done once
%   (so that no move's time pays for it).
prepare_level(Level) :-
    (   Level >= 3
    ->  initial_state([], State),
        perfect_moves(State, _)
    ;   true
    ).

perfect_move(State, _Level, Move) :-
    perfect_moves(State, Moves),
    random_member(Move, Moves).

%!  solved_outcome(+State, -Outcome) is det.
%
%   The end of the game with perfect play from State: win(Player, Plies)
%   (Player wins, Plies plies from now) or draw (also when the ply limit
%   comes first).
solved_outcome(State, Outcome) :-
    (   game_over(State, Winner)
    ->  (   Winner == draw
        ->  Outcome = draw
        ;   Outcome = win(Winner, 0)
        )
    ;   State = state(Board, Player, Plies, Max),
        position_value(Board, Player, Value),
        Left is Max - Plies,
        (   Value = win(N), N =< Left
        ->  Outcome = win(Player, N)
        ;   Value = loss(N), N =< Left
        ->  player_opponent(sliding, Player, Opponent),
            Outcome = win(Opponent, N)
        ;   Outcome = draw
        )
    ).

%!  display_game(+State) is det.
display_game(State) :-
    display_game(State, []).

%!  display_game(+State, +Options) is det.
%
%   Options: last_move(Move) highlights the cell moved to and marks the
%   cell a slide came from.
display_game(State, Options) :-
    State = state(Board, Player, Plies, Max),
    option_value(Options, last_move, none, Last),
    last_cells(Last, From, To),
    format("~n"),
    forall(between(0, 2, Row),
           ( display_row(Board, Row, From, To),
             (   Row < 2
             ->  format("   ---+---+---~n")
             ;   true
             )
           )),
    format("~n   ~w of ~w moves played", [Plies, Max]),
    (   game_over(State, _)
    ->  format("~n")
    ;   placing(Board)
    ->  stones(Board, N),
        Left is 3 - N // 2,
        format(": ~w to place a stone (~w left)~n", [Player, Left])
    ;   format(": ~w to slide a stone to a free neighbouring cell~n",
               [Player])
    ).

last_cells(Last, From, To) :-
    (   integer(Last)
    ->  From = none,
        To = Last
    ;   Last = [From, To]
    ->  true
    ;   From = none,
        To = none
    ).

display_row(Board, Row, From, To) :-
    format("   "),
    forall(between(1, 3, Col),
           ( Cell is Row*3 + Col,
             nth1(Cell, Board, Piece),
             display_cell(Cell, Piece, From, To),
             (   Col < 3
             ->  format("|")
             ;   format("~n")
             )
           )),
    true.

display_cell(Cell, e, From, _) :-
    !,                                  % green: empty cells show their number
    (   Cell == From
    ->  ansi_format([fg(yellow)], " ~w ", [Cell])
    ;   ansi_format([faint], " ~w ", [Cell])
    ).
display_cell(Cell, Piece, _, To) :-
    piece_style(Piece, Style0),
    (   Cell == To
    ->  Style = [bold, underline|Style0]
    ;   Style = [bold|Style0]
    ),
    upcase_atom(Piece, Shown),
    ansi_format(Style, " ~w ", [Shown]).

piece_style(x, [fg(red)]).
piece_style(o, [fg(cyan)]).

%!  move_text(?Move, ?Text) is semidet.
%
%   A placement is its cell number ('5'); a slide is From-To ('1-5'),
%   two different cells 1..9.
move_text(Move, Text) :-
    (   integer(Move)
    ->  between(1, 9, Move),
        atom_number(Text, Move)
    ;   nonvar(Move)
    ->  Move = [From, To],
        integer(From),
        integer(To),
        between(1, 9, From),
        between(1, 9, To),
        From =\= To,
        format(atom(Text), "~w-~w", [From, To])
    ;   atom(Text),
        (   atomic_list_concat([A, B], -, Text)
        ->  cell_text(A, From),
            cell_text(B, To),
            From =\= To,
            Move = [From, To]
        ;   cell_text(Text, Move)
        )
    ).

cell_text(Text, Cell) :-
    atom_length(Text, 1),
    atom_number(Text, Cell),
    integer(Cell),
    between(1, 9, Cell).

cell_name(Cell, Name) :-
    (   Cell =:= 5
    ->  Name = centre
    ;   Row is (Cell - 1) // 3,
        Col is (Cell - 1) mod 3,
        nth0(Row, [top, middle, bottom], RowName),
        nth0(Col, [left, centre, right], ColName),
        format(atom(Name), "~w ~w", [RowName, ColName])
    ).

%!  move_description(+State, +Move, -Text) is det.
move_description(_, Move, Text) :-
    (   integer(Move)
    ->  cell_name(Move, Name),
        format(string(Text), "place on the ~w", [Name])
    ;   Move = [From, To],
        cell_name(From, FromName),
        cell_name(To, ToName),
        format(string(Text), "slide from the ~w to the ~w", [FromName, ToName])
    ).

%!  illegal_move_reason(+State, +Text, -Reason) is semidet.
illegal_move_reason(State, Text, Reason) :-
    State = state(Board, Player, _, _),
    (   game_over(State, _)
    ->  Reason = "the game is over"
    ;   \+ move_text(_, Text)
    ->  (   placing(Board)
        ->  format(string(Reason),
                   "~w is not a cell: type an empty cell, 1 to 9", [Text])
        ;   format(string(Reason),
                   "~w is not a move: type from-to, e.g. 1-5, to slide a stone", [Text])
        )
    ;   move_text(Move, Text),
        illegal_move(Board, Player, Move, Reason)
    ).

illegal_move(Board, _, Move, Reason) :-
    placing(Board),
    !,                                  % green: placing phase
    (   integer(Move)
    ->  nth1(Move, Board, Piece),
        Piece \== e,
        format(string(Reason), "cell ~w is occupied by ~w", [Move, Piece])
    ;   Reason = "stones are still being placed: type an empty cell"
    ).
illegal_move(Board, Player, Move, Reason) :-
    (   integer(Move)
    ->  format(string(Reason),
               "all six stones are on the board: slide one of yours (from-to, e.g. 1-5)", [])
    ;   Move = [From, To],
        nth1(From, Board, Piece),
        (   Piece \== Player
        ->  format(string(Reason), "cell ~w holds no stone of ~w", [From, Player])
        ;   \+ neighbour(From, To)
        ->  format(string(Reason), "cell ~w is not next to cell ~w", [To, From])
        ;   nth1(To, Board, Other),
            Other \== e
        ->  format(string(Reason), "cell ~w is occupied by ~w", [To, Other])
        )
    ).

%!  outcome_reason(+State, -Reason) is semidet.
outcome_reason(State, Reason) :-
    game_over(State, Winner),
    (   Winner == draw
    ->  State = state(_, _, _, Max),
        (   Max =:= 1
        ->  Moves = move
        ;   Moves = moves
        ),
        format(string(Reason), "~w ~w without three in a row", [Max, Moves])
    ;   Reason = "three in a row"
    ).

%!  rules(-Text) is det.
rules(Text) :-
    Text = "Tic-tac-toe with three stones each, which slide once all six are placed.\n\c
            Players x (first) and o have three stones each. While fewer \c
            than six stones are on the board, a move places a stone on an \c
            empty cell; afterwards a move slides one of your stones to an \c
            empty neighbouring cell (also diagonally). No passing. Three \c
            in a row, column or diagonal wins, in either phase; after \c
            max_plies moves without one the game is a draw.\n\c
            Notation: a cell number 1..9 to place, from-to (e.g. 1-5) to \c
            slide:\n\c
            \x20  1 2 3\n\c
            \x20  4 5 6\n\c
            \x20  7 8 9".
