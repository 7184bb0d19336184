:- module(connect4,
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
            display_game/2,           % +State, +Options
            move_text/2,              % ?Move, ?Text
            move_description/3,       % +State, +Move, -Text
            illegal_move_reason/3,    % +State, +Text, -Reason
            outcome_reason/2,         % +State, -Reason
            rules/1                   % -Text
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(library(aggregate)).
:- use_module('../arena').
:- use_module('../ai/connect4_search').

/** <module> Connect Four

A board of `width` columns and `height` rows (default 7 x 6). Players x
(first) and o drop a disc into a column that is not full; it falls to the
lowest empty cell. `connect` discs in a row, column or diagonal win; a full
board without one is a draw. A move is a column number, its text that
number.

    State  = state(size(Width, Height, Connect), Board, ToMove, Result)
    Board  = b(Cell1, ..., CellN): the rows from the top, each from the
             left; a cell is x, o or e (empty)
    Result = none while the game goes on, else the winner or draw

    ?- initial_state([width(4), height(4)], S0), move(S0, 2, S).
    S = state(size(4,4,4), b(e,e,e,e,e,e,e,e,e,e,e,e,e,x,e,e), o, none).
*/

%!  title(-Title) is det.
title("Connect Four").

%!  players(-Players) is det.
players([x, o]).

%!  option(?Name, ?Default, ?Help) is nondet.
option(width, 7, "columns (4..12)").
option(height, 6, "rows (4..10)").
option(connect, 4, "discs in a row that win (3..6, at most the width or height)").

%!  initial_state(+Options, -State) is det.
%
%   Throws domain_error naming the option for an unknown option or a value
%   out of range.
initial_state(Options, state(size(W, H, K), Board, x, none)) :-
    check_options(connect4, Options),
    int_option(connect4, Options, width, 4, 12, W),
    int_option(connect4, Options, height, 4, 10, H),
    MaxK is min(6, max(W, H)),
    int_option(connect4, Options, connect, 3, MaxK, K),
    N is W * H,
    functor(Board, b, N),
    numlist(1, N, Is),
    maplist(empty_cell(Board), Is).

empty_cell(Board, I) :-
    arg(I, Board, e).

%!  current_player(+State, -Player) is det.
current_player(state(_, _, Player, _), Player).

%!  valid_moves(+State, -Moves) is det.
%
%   The columns that are not full, left to right; [] when the game is over.
valid_moves(state(size(W, _, _), Board, _, Result), Moves) :-
    (   Result == none
    ->  open_columns(1, W, Board, Moves)
    ;   Moves = []
    ).

%   open_columns(+C, +W, +Board, -Columns): the columns C..W whose top
%   cell (index C in the top row) is empty.
open_columns(C, W, Board, Columns) :-
    (   C > W
    ->  Columns = []
    ;   C1 is C + 1,
        (   arg(C, Board, e)
        ->  Columns = [C|Columns1]
        ;   Columns = Columns1
        ),
        open_columns(C1, W, Board, Columns1)
    ).

%!  move(+State, +Move, -NewState) is semidet.
%
%   Drops the mover's disc into column Move; fails when Move is not a
%   column that is open, or the game is over.
move(state(Size, Board0, Player, none), Col, state(Size, Board, Opponent, Result)) :-
    integer(Col),
    Size = size(W, H, _),
    between(1, W, Col),
    arg(Col, Board0, e),
    landing_row(H, W, Col, Board0, Row),
    I is (Row - 1) * W + Col,
    board_set(Board0, I, Player, Board),
    player_opponent(connect4, Player, Opponent),
    (   line_through(Size, Board, Row, Col, Player)
    ->  Result = Player
    ;   \+ open_columns(1, W, Board, [])
    ->  Result = none
    ;   Result = draw
    ).

%   landing_row(+Row0, +W, +Col, +Board, -Row): the lowest empty row of
%   column Col at or above Row0 (rows count from 1 at the top).
landing_row(Row0, W, Col, Board, Row) :-
    I is (Row0 - 1) * W + Col,
    (   arg(I, Board, e)
    ->  Row = Row0
    ;   Row1 is Row0 - 1,
        landing_row(Row1, W, Col, Board, Row)
    ).

%   board_set(+Board0, +I, +Piece, -Board): Board is Board0 with Piece
%   at index I.
board_set(Board0, I, Piece, Board) :-
    Board0 =.. [b|Cells0],
    set_nth1(I, Cells0, Piece, Cells),
    Board =.. [b|Cells].

%   line_through(+Size, +Board, +Row, +Col, +Player) is semidet: the
%   disc of Player at (Row, Col) is in a line of Connect.
line_through(size(W, H, K), Board, Row, Col, Player) :-
    direction(DR, DC),
    K1 is K - 1,
    run(W, H, Board, Player, Row, Col, DR, DC, K1, N1),
    NDR is -DR,
    NDC is -DC,
    K2 is K1 - N1,
    run(W, H, Board, Player, Row, Col, NDR, NDC, K2, N2),
    N1 + N2 >= K1,
    !.                                  % green: one line is enough

direction(0, 1).
direction(1, 0).
direction(1, 1).
direction(1, -1).

%   run(+W, +H, +Board, +Player, +Row, +Col, +DR, +DC, +Max, -N): N (at
%   most Max) discs of Player follow (Row, Col) in direction (DR, DC).
run(W, H, Board, Player, Row, Col, DR, DC, Max, N) :-
    (   Max > 0,
        R is Row + DR,
        C is Col + DC,
        R >= 1, R =< H,
        C >= 1, C =< W,
        I is (R - 1) * W + C,
        arg(I, Board, Player)
    ->  Max1 is Max - 1,
        run(W, H, Board, Player, R, C, DR, DC, Max1, N1),
        N is N1 + 1
    ;   N = 0
    ).

%!  game_over(+State, -Winner) is semidet.
%
%   Winner is the player with a line, or draw on a full board.
game_over(state(_, _, _, Result), Winner) :-
    Result \== none,
    Winner = Result.

%!  value(+State, +Player, -Value) is det.
%
%   100000 for a won game, -100000 for a lost one, 0 for a draw.
%   Otherwise mover_value/2, negated when Player is not the one to move.
value(State, Player, Value) :-
    player_opponent(connect4, Player, Opponent),
    State = state(_, _, ToMove, Result),
    (   Result == Player
    ->  Value = 100000
    ;   Result == Opponent
    ->  Value = -100000
    ;   Result == draw
    ->  Value = 0
    ;   mover_value(State, V),
        (   ToMove == Player
        ->  Value = V
        ;   Value is -V
        )
    ).

/* The evaluation, from the point of view of the player to move. Cells
are C-R, column C from the left and row R from the bottom, both from 1.
A threat of a player is an empty cell that completes a line of Connect
for them (a vertical line only from below). The first player can count
on the cells of odd rows (1, 3, 5, ...) when the board fills up and the
other answers every move on top of it, the second player on those of
even rows. Which player is which is told by the number of discs, as the
move order has it. */

%   mover_value(+State, -Value): 50000 when the mover can win at once;
%   -50000 when the opponent has two threats the mover cannot both stop,
%   or every move lets the opponent win on top of it; else
%   quiet_value/6.
mover_value(State, Value) :-
    State = state(Size, Board, ToMove, _),
    player_opponent(connect4, ToMove, Other),
    threats(Size, Board, ToMove, MyWins),
    threats(Size, Board, Other, OppWins),
    playable_cells(Size, Board, Playable),
    (   member(Cell, MyWins),
        memberchk(Cell, Playable)
    ->  Value = 50000
    ;   \+ safe_cell(Playable, OppWins, _)
    ->  Value = -50000
    ;   quiet_value(State, ToMove, Other, MyWins, OppWins, Value)
    ).

%   safe_cell(+Playable, +OppWins, -Cell) is nondet: the mover may take
%   Cell without losing at once: it blocks the opponent's only playable
%   threat (or any cell when there is none), and it is not right under an
%   opponent's threat.
safe_cell(Playable, OppWins, C-R) :-
    include(member_of(OppWins), Playable, Forced),
    (   Forced == []
    ->  member(C-R, Playable)
    ;   Forced = [C-R]
    ),
    R1 is R + 1,
    \+ memberchk(C-R1, OppWins).

%   quiet_value(+State, +Mover, +Other, +MyWins, +OppWins, -Value): with
%   each player's threats that are not above one of the other's in the
%   same column (that one comes true or is blocked first): for the first
%   player, 100 if they would have a line if each player got the empty
%   cells of their own rows and the other would not (-100 the other way
%   round), 40 per threat on their own rows and 15 per other threat,
%   minus the same for the second player; that for the mover; plus, for
%   each disc of the mover, the number of lines of Connect cells through
%   its cell, minus the same for the other's discs.
quiet_value(state(Size, Board, _, _), Mover, Other, MyWins, OppWins, Value) :-
    exclude(above_any(OppWins), MyWins, MyUseful),
    exclude(above_any(MyWins), OppWins, OppUseful),
    discs(Size, Board, Mover, Mine),
    discs(Size, Board, Other, Theirs),
    length(Mine, NMine),
    length(Theirs, NTheirs),
    (   (NMine + NTheirs) mod 2 =:= 0
    ->  Sign = 1,
        First = Mover, Second = Other, X = MyUseful, O = OppUseful
    ;   Sign = -1,
        First = Other, Second = Mover, X = OppUseful, O = MyUseful
    ),
    partition(odd_row, X, XOddCells, XEvenCells),
    partition(odd_row, O, OOddCells, OEvenCells),
    length(XOddCells, XOdd),
    length(XEvenCells, XEven),
    length(OOddCells, OOdd),
    length(OEvenCells, OEven),
    filled_line(Size, Board, First, 1, XLine),
    filled_line(Size, Board, Second, 0, OLine),
    foldl(add_cell_weight(Size), Mine, 0, WMine),
    foldl(add_cell_weight(Size), Theirs, 0, WTheirs),
    ForFirst is 100 * (XLine - OLine) + 40 * (XOdd - OEven) + 15 * (XEven - OOdd),
    Value is Sign * ForFirst + WMine - WTheirs.

member_of(Cells, Cell) :-
    memberchk(Cell, Cells).

above_any(Cells, C-R) :-
    member(C-R0, Cells),
    R0 < R,
    !.                                  % green: one is enough

odd_row(_-R) :-
    R mod 2 =:= 1.

%   cell(+Size, +Board, +C, +R, -Piece): Piece is on column C, row R
%   from the bottom; fails off the board.
cell(Size, Board, C, R, Piece) :-
    on_board(Size, C, R),
    Size = size(W, H, _),
    I is (H - R) * W + C,
    arg(I, Board, Piece).

on_board(size(W, H, _), C, R) :-
    C >= 1, C =< W,
    R >= 1, R =< H.

%   discs(+Size, +Board, +Player, -Cells): the cells of Player's discs.
discs(Size, Board, Player, Cells) :-
    Size = size(W, H, _),
    findall(C-R,
            ( between(1, W, C),
              between(1, H, R),
              cell(Size, Board, C, R, Player)
            ),
            Cells).

%   playable_cells(+Size, +Board, -Cells): the lowest empty cell of each
%   column that is not full.
playable_cells(Size, Board, Cells) :-
    Size = size(W, H, _),
    findall(C-R,
            ( between(1, W, C),
              once(( between(1, H, R),
                     cell(Size, Board, C, R, e)
                   ))
            ),
            Cells).

%   threats(+Size, +Board, +Player, -Cells): Player's threats: the
%   empty cells where a disc of Player would make a line (run/10 counts
%   in rows from the top; a vertical line only with discs below).
threats(Size, Board, Player, Cells) :-
    Size = size(W, H, _),
    findall(C-R,
            ( between(1, W, C),
              between(1, H, R),
              cell(Size, Board, C, R, e),
              threat(Size, Board, Player, C, R)
            ),
            Cells).

threat(size(W, H, K), Board, Player, C, R) :-
    Row is H - R + 1,
    K1 is K - 1,
    (   run(W, H, Board, Player, Row, C, 1, 0, K1, N),
        N >= K1
    ;   member(DR-DC, [0-1, 1-1, 1-(-1)]),
        run(W, H, Board, Player, Row, C, DR, DC, K1, N1),
        K2 is K1 - N1,
        NDR is -DR,
        NDC is -DC,
        run(W, H, Board, Player, Row, C, NDR, NDC, K2, N2),
        N1 + N2 >= K1
    ),
    !.                                  % green: one line is enough

%   filled_line(+Size, +Board, +Player, +Parity, -Line): Line is 1 if
%   Player's discs and the empty cells of rows R with R mod 2 =:= Parity
%   hold a line of Connect, else 0.
filled_line(Size, Board, Player, Parity, Line) :-
    Size = size(W, H, K),
    K1 is K - 1,
    (   between(1, W, C),
        between(1, H, R),
        direction(DR, DC),
        forall(between(0, K1, T),
               ( C1 is C + T * DC,
                 R1 is R + T * DR,
                 cell(Size, Board, C1, R1, Piece),
                 (   Piece == Player
                 ;   Piece == e,
                     R1 mod 2 =:= Parity
                 )
               ))
    ->  Line = 1
    ;   Line = 0
    ).

add_cell_weight(Size, C-R, W0, W) :-
    cell_weight(Size, C, R, N),
    W is W0 + N.

%   cell_weight(+Size, +C, +R, -N): N lines of Connect cells pass
%   through column C, row R.
cell_weight(Size, C, R, N) :-
    Size = size(_, _, K),
    K1 is K - 1,
    aggregate_all(count,
                  ( direction(DR, DC),
                    between(0, K1, S),
                    C0 is C - S * DC,
                    R0 is R - S * DR,
                    C1 is C0 + K1 * DC,
                    R1 is R0 + K1 * DR,
                    on_board(Size, C0, R0),
                    on_board(Size, C1, R1)
                  ),
                  N).

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   Level 1 plays at random, level 2 greedily on value/3, level 3 and up
%   search (search_move/3 of ai/connect4_search.pl). Fails when the game
%   is over.
choose_move(State, Level, Move) :-
    must_be(positive_integer, Level),
    valid_moves(State, [_|_]),
    level_move(connect4, State, Level, search_move, Move).

%!  display_game(+State) is det.
display_game(State) :-
    display_game(State, []).

%!  display_game(+State, +Options) is det.
%
%   The board with the column numbers a user types above and below it.
%   Options: last_move(Column) highlights the disc last dropped there.
display_game(State, Options) :-
    State = state(size(W, H, K), Board, Player, Result),
    option_value(Options, last_move, none, Last),
    last_cell(Last, W, H, Board, LastCell),
    format("~n"),
    column_numbers(W),
    forall(between(1, H, Row),
           ( format("  |"),
             forall(between(1, W, Col),
                    ( I is (Row - 1) * W + Col,
                      arg(I, Board, Cell),
                      display_cell(Cell, I, LastCell)
                    )),
             format("|~n")
           )),
    format("  +"),
    forall(between(1, W, _), format("---")),
    format("+~n"),
    column_numbers(W),
    (   Result == none
    ->  upcase_atom(Player, Shown),
        piece_style(Player, Style),
        format("~n  "),
        ansi_format([bold|Style], "~w", [Shown]),
        format(" (~w) to move: drop a disc in a column, ~w in a row wins~n",
               [Player, K])
    ;   true
    ).

column_numbers(W) :-
    format("   "),
    forall(between(1, W, Col),
           (   Col < 10
           ->  format(" ~w ", [Col])
           ;   format(" ~w", [Col])
           )),
    format("~n").

last_cell(Last, W, H, Board, Cell) :-
    (   integer(Last),
        between(1, W, Last),
        between(1, H, Row),
        I is (Row - 1) * W + Last,
        \+ arg(I, Board, e)
    ->  Cell = I                        % the top disc of that column
    ;   Cell = none
    ).

display_cell(e, _, _) :-
    !,                                  % green: an empty cell
    ansi_format([faint], " . ", []).
display_cell(Piece, I, Last) :-
    piece_style(Piece, Style0),
    (   I == Last
    ->  Style = [bold, underline|Style0]
    ;   Style = [bold|Style0]
    ),
    upcase_atom(Piece, Shown),
    ansi_format(Style, " ~w ", [Shown]).

piece_style(x, [fg(red)]).
piece_style(o, [fg(yellow)]).

%!  move_text(?Move, ?Text) is semidet.
%
%   The text of a move is its column number, 1..12 (the widest board).
move_text(Move, Text) :-
    (   integer(Move)
    ->  between(1, 12, Move),
        atom_number(Text, Move)
    ;   atom(Text),
        atom_number(Text, Move),
        integer(Move),
        between(1, 12, Move)
    ).

%!  move_description(+State, +Move, -Text) is det.
%
%   Which column, and the row the disc lands on (1 = the bottom).
move_description(state(size(W, H, _), Board, _, _), Col, Text) :-
    landing_row(H, W, Col, Board, Row),
    Level is H - Row + 1,
    centre_columns(W, Centre),
    (   memberchk(Col, Centre)
    ->  Where = " (centre)"
    ;   Where = ""
    ),
    format(string(Text), "column ~w~w, lands on row ~w of ~w",
           [Col, Where, Level, H]).

centre_columns(W, Cols) :-
    (   W mod 2 =:= 1
    ->  C is (W + 1) // 2,
        Cols = [C]
    ;   C1 is W // 2,
        C2 is C1 + 1,
        Cols = [C1, C2]
    ).

%!  illegal_move_reason(+State, +Text, -Reason) is semidet.
illegal_move_reason(State, Text, Reason) :-
    State = state(size(W, _, _), Board, _, Result),
    (   Result \== none
    ->  Reason = "the game is over"
    ;   \+ ( atom(Text), atom_number(Text, Col), integer(Col), between(1, W, Col) )
    ->  format(string(Reason), "~w is not a column: type a number from 1 to ~w",
               [Text, W])
    ;   atom_number(Text, Col),
        \+ arg(Col, Board, e)
    ->  format(string(Reason), "column ~w is full", [Col])
    ).

%!  outcome_reason(+State, -Reason) is semidet.
outcome_reason(state(size(_, _, K), _, _, Result), Reason) :-
    Result \== none,
    (   Result == draw
    ->  Reason = "board full"
    ;   format(string(Reason), "~w in a row", [K])
    ).

%!  rules(-Text) is det.
rules(Text) :-
    Text = "Drop discs into the columns of an upright board: four in a row wins.\n\c
            Players x (first) and o take turns dropping a disc into a \c
            column that is not full; it falls to the lowest empty cell. \c
            Four in a row (option connect) horizontally, vertically or \c
            diagonally wins; a full board without one is a draw. Options: \c
            width 4..12 (7), height 4..10 (6), connect 3..6 (4), at most \c
            the width or height.\n\c
            Notation: the column number, 1 at the left.".
