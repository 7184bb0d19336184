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
:- use_module('../arena').
:- use_module('../ai/alphabeta').

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

set_nth1(1, [_|Xs], Y, [Y|Xs]) :-
    !.                                  % green: index fixed
set_nth1(N, [X|Xs], Y, [X|Ys]) :-
    N1 is N - 1,
    set_nth1(N1, Xs, Y, Ys).

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
%   Otherwise a sum over every window of Connect cells in a line: a window
%   holding discs of Player only scores 1, 8 or 60 when Connect-3,
%   Connect-2 or Connect-1 of them are in it (60: an open three in
%   Connect Four), a window of the opponent's only the same negated. The
%   lowest empty cell of an open three in each column scores 120 more for
%   its owner when it is on the owner's rows (odd rows from the bottom for
%   x, who moves first, even rows for o), else 30. A disc scores
%   once for every window through it, so central discs count more; the
%   centre column(s) add 3 for each own disc and -3 for each of the
%   opponent's.
value(State, Player, Value) :-
    player_opponent(connect4, Player, Opponent),
    State = state(size(W, H, K), Board, _, Result),
    (   Result == Player
    ->  Value = 100000
    ;   Result == Opponent
    ->  Value = -100000
    ;   Result == draw
    ->  Value = 0
    ;   windows(W, H, K, Windows),
        foldl(window_score(Board, Player, K), Windows, 0-[], V0-Threats),
        lowest_threats(Threats, W, Lowest),
        foldl(threat_score(Player, W, H), Lowest, V0, V1),
        centre_columns(W, Centre),
        foldl(centre_score(Board, Player, W, H), Centre, V1, Value)
    ).

%   window_score(+Board, +Player, +K, +Window, +V0-Threats0, -V-Threats):
%   adds the window's worth to V0; an open three adds its empty cell to
%   Threats as Cell-Sign, Sign 1 for Player's and -1 for the opponent's.
window_score(Board, Player, K, Window, V0-T0, V-T) :-
    window_counts(Window, Board, Player, 0, Own, 0, Theirs, 0, Empty),
    (   Theirs =:= 0
    ->  weight(K, Own, Weight),
        V is V0 + Weight,
        (   Own =:= K - 1
        ->  T = [Empty-1|T0]
        ;   T = T0
        )
    ;   Own =:= 0
    ->  weight(K, Theirs, Weight),
        V is V0 - Weight,
        (   Theirs =:= K - 1
        ->  T = [Empty-(-1)|T0]
        ;   T = T0
        )
    ;   V = V0,
        T = T0
    ).

%   window_counts(+Window, +Board, +Player, +Own0, -Own, +Theirs0,
%   -Theirs, +Empty0, -Empty): the discs of each side in Window, and its
%   last empty cell (0 if none).
window_counts([], _, _, Own, Own, Theirs, Theirs, Empty, Empty).
window_counts([I|Is], Board, Player, Own0, Own, Theirs0, Theirs, Empty0, Empty) :-
    arg(I, Board, Cell),
    (   Cell == e
    ->  window_counts(Is, Board, Player, Own0, Own, Theirs0, Theirs, I, Empty)
    ;   Cell == Player
    ->  Own1 is Own0 + 1,
        window_counts(Is, Board, Player, Own1, Own, Theirs0, Theirs, Empty0, Empty)
    ;   Theirs1 is Theirs0 + 1,
        window_counts(Is, Board, Player, Own0, Own, Theirs1, Theirs, Empty0, Empty)
    ).

%   lowest_threats(+Threats, +W, -Lowest): of the threat cells, the lowest
%   in each column (the one that comes to be played first).
lowest_threats(Threats, W, Lowest) :-
    sort(1, @>=, Threats, Downwards),   % larger index = lower cell
    lowest_by_column(Downwards, W, [], Lowest).

lowest_by_column([], _, _, []).
lowest_by_column([I-Sign|Ts], W, Seen, Lowest) :-
    Col is (I - 1) mod W,
    (   memberchk(Col, Seen)
    ->  lowest_by_column(Ts, W, Seen, Lowest)
    ;   Lowest = [I-Sign|Lowest1],
        lowest_by_column(Ts, W, [Col|Seen], Lowest1)
    ).

%   threat_score(+Player, +W, +H, +Cell-Sign, +V0, -V): a lowest threat
%   is worth 120 on its owner's rows (odd rows from the bottom for x, who
%   moves first, even rows for o: when the board fills up such a threat
%   tends to come true), 30 elsewhere.
threat_score(Player, W, H, I-Sign, V0, V) :-
    FromBottom is H - (I - 1) // W,
    (   Sign =:= 1
    ->  Owner = Player
    ;   player_opponent(connect4, Player, Owner)
    ),
    (   (   Owner == x
        ->  FromBottom mod 2 =:= 1
        ;   FromBottom mod 2 =:= 0
        )
    ->  V is V0 + Sign * 120
    ;   V is V0 + Sign * 30
    ).

%   weight(+Connect, +Discs, -Weight): the worth of a window holding
%   Discs of one player and no other.
weight(K, N, Weight) :-
    (   N =:= 0
    ->  Weight = 0
    ;   Missing is K - N,
        missing_weight(Missing, Weight)
    ).

missing_weight(1, 60).
missing_weight(2, 8).
missing_weight(3, 1).
missing_weight(4, 0).
missing_weight(5, 0).

%   centre_score(+Board, +Player, +W, +H, +Col, +V0, -V): V0 plus 3 for
%   every disc of Player in column Col, minus 3 for every other disc.
centre_score(Board, Player, W, H, Col, V0, V) :-
    centre_rows(H, W, Col, Board, Player, V0, V).

centre_rows(Row, W, Col, Board, Player, V0, V) :-
    (   Row =:= 0
    ->  V = V0
    ;   I is (Row - 1) * W + Col,
        arg(I, Board, Cell),
        (   Cell == e
        ->  V = V0                      % the discs above are empty too
        ;   Cell == Player
        ->  V1 is V0 + 3,
            Row1 is Row - 1,
            centre_rows(Row1, W, Col, Board, Player, V1, V)
        ;   V1 is V0 - 3,
            Row1 is Row - 1,
            centre_rows(Row1, W, Col, Board, Player, V1, V)
        )
    ).

:- table windows/4.

%   windows(+W, +H, +K, -Windows): the board index lists of every K cells
%   in a line (a pure derived relation of the board size, tabled).
windows(W, H, K, Windows) :-
    findall(Window, window(W, H, K, Window), Windows).

window(W, H, K, Window) :-
    direction(DR, DC),
    between(1, H, Row),
    between(1, W, Col),
    LastRow is Row + (K - 1) * DR,
    LastCol is Col + (K - 1) * DC,
    between(1, H, LastRow),
    between(1, W, LastCol),
    K1 is K - 1,
    findall(I,
            ( between(0, K1, Step),
              R is Row + Step * DR,
              C is Col + Step * DC,
              I is (R - 1) * W + C
            ),
            Window).

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   Level 1 plays at random, level 2 greedily on value/3, level 3
%   alpha-beta to 6 plies, level 4 and up iterative deepening with a
%   transposition table to 7 plies (more for higher levels), within 1 s
%   (one more second for every level above 4). Both search deeper as
%   columns fill up (search_depth/3). Fails when the game is over.
choose_move(State, Level, Move) :-
    must_be(positive_integer, Level),
    (   Level =:= 1
    ->  random_move(connect4, State, Move)
    ;   Level =:= 2
    ->  greedy_move(connect4, State, Move)
    ;   valid_moves(State, Moves),
        length(Moves, Open),
        (   Level =:= 3
        ->  search_depth(Open, 6, Depth),
            alphabeta_move(connect4, State, [depth(Depth)], Move)
        ;   Depth0 is Level + 3,
            search_depth(Open, Depth0, Depth),
            Seconds is Level - 3,
            alphabeta_move(connect4, State, [seconds(Seconds), depth(Depth)], Move)
        )
    ).

%   search_depth(+Open, +Depth0, -Depth): with Open columns left, the
%   depth that searches about as many lines as 7 columns to Depth0 plies
%   (deeper as columns fill up).
search_depth(Open, Depth0, Depth) :-
    (   Open =< 1
    ->  Depth = Depth0
    ;   Depth is max(Depth0, floor(Depth0 * log(7) / log(Open)))
    ).

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
    Text = "Players x (first) and o take turns dropping a disc into a \c
            column that is not full; it falls to the lowest empty cell. \c
            Four in a row (option connect) horizontally, vertically or \c
            diagonally wins; a full board without one is a draw. Options: \c
            width 4..12 (7), height 4..10 (6), connect 3..6 (4), at most \c
            the width or height.\n\c
            Notation: the column number, 1 at the left.".
