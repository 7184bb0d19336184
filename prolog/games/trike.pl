:- module(trike,
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
            move_outcome/4,           % +State0, +Move, +State, -Text
            rules/1,                  % -Text
            player_colour/3,          % +State, +Player, -Colour
            pawn_points/3,            % +State, +Player, -Points
            random_playout/2          % +State, -Winner
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module('../arena').
:- use_module('../ai/mcts').
:- use_module('../ai/one_ply').
:- use_module('../ai/clock', [within_move_time/2]).

/** <module> Trike (Alek Erickson)

A triangle of hexagonal cells with side Size (option `size`, 3..19,
default 7). Row 1 (letter `a`) is the top and has one cell; row R has R
cells numbered 1..R from the left. Cell (R, C) touches (R, C-1), (R, C+1),
(R-1, C-1), (R-1, C), (R+1, C) and (R+1, C+1): these six steps are also
the six directions in which the pawn moves.

Players `first` and `second`; checkers `black` (first's at the start)
and `white`.

  - Move 1: the first player places a black checker on any cell, and the
    neutral pawn on it.
  - Move 2 only: the second player may answer `swap` (the pie rule). The
    board stays as it is; the second player owns black from then on, the
    first player owns white, and the first player moves next: it moves
    the pawn and places a white checker. Without a swap the second player
    (white) moves the pawn. Either way the checkers are placed black,
    white, black, white, ... and a swap is one extra move that places
    nothing.
  - Every other move: the pawn goes any distance in a straight line along
    one of the six directions, over empty cells only, to an empty cell;
    a checker of the mover's colour goes on that cell, under the pawn.
  - The game ends when the pawn cannot move: every cell next to it is
    taken. Each player scores one point per own checker under or next to
    the pawn; the higher score wins. There is never a draw: the pawn's
    cell and all its neighbours are full at the end, and there are 3 of
    them in a corner, 5 on an edge and 7 inside, always an odd number.

Notation: row letter and cell number, `c2`; and `swap`.

    State = state(Size, Board, Pawn, ToMove, Black, Plies)
    Board = board(Cell1, ..., CellN), N = Size*(Size+1)/2, row by row
            from the top; each cell e (empty), b (black) or w (white)
    Pawn  = none before the first move, else Row-Cell
    ToMove, Black = first or second (Black owns the black checkers)
    Plies = the number of moves played (a swap counts)
    Move  = Row-Cell (text c2 for 3-2) or swap

    ?- initial_state([size(3)], S0), move(S0, 2-1, S).
    S = state(3, board(e,b,e,e,e,e), 2-1, second, first, 1).
*/

%!  title(-Title) is det.
title("Trike").

%!  players(-Players) is det.
players([first, second]).

%!  option(?Name, ?Default, ?Help) is nondet.
option(size, 7, "side of the triangle in cells, 3..19").

%!  initial_state(+Options, -State) is det.
%
%   Throws domain_error for an unknown option or a size outside 3..19.
initial_state(Options, state(Size, Board, none, first, first, 0)) :-
    check_options(trike, Options),
    int_option(trike, Options, size, 3, 19, Size),
    N is Size*(Size+1)//2,
    functor(Board, board, N),
    fill_args(N, Board, e).

fill_args(0, _, _) :-
    !.                                  % green: N > 0 below
fill_args(N, Term, Value) :-
    arg(N, Term, Value),
    N1 is N - 1,
    fill_args(N1, Term, Value).

%!  current_player(+State, -Player) is det.
current_player(state(_, _, _, Player, _, _), Player).

%   The geometry.

on_board(Size, R, C) :-
    C >= 1,
    C =< R,
    R =< Size.

cell_index(R, C, I) :-
    I is R*(R-1)//2 + C.

direction(0, -1).
direction(0, 1).
direction(-1, -1).
direction(-1, 0).
direction(1, 0).
direction(1, 1).

board_cell(Size, R-C) :-
    between(1, Size, R),
    between(1, R, C).

%   neighbour(+Size, +R-C, -Neighbour) is nondet.
neighbour(Size, R-C, R1-C1) :-
    direction(DR, DC),
    R1 is R + DR,
    C1 is C + DC,
    on_board(Size, R1, C1).

%   The cells the pawn at R-C can reach: along each direction, every
%   empty cell up to the first full one or the edge. Not sorted.
destinations(Size, Board, R-C, Cells) :-
    ray(Size, Board, R, C, 0, -1, Cells, Cells1),
    ray(Size, Board, R, C, 0, 1, Cells1, Cells2),
    ray(Size, Board, R, C, -1, -1, Cells2, Cells3),
    ray(Size, Board, R, C, -1, 0, Cells3, Cells4),
    ray(Size, Board, R, C, 1, 0, Cells4, Cells5),
    ray(Size, Board, R, C, 1, 1, Cells5, []).

ray(Size, Board, R0, C0, DR, DC, Cells0, Cells) :-
    R is R0 + DR,
    C is C0 + DC,
    (   on_board(Size, R, C),
        cell_index(R, C, I),
        arg(I, Board, e)
    ->  Cells0 = [R-C|Cells1],
        ray(Size, Board, R, C, DR, DC, Cells1, Cells)
    ;   Cells0 = Cells
    ).

%   line_step(+R0, +C0, +R, +C, -DR, -DC) is semidet: R-C is in a
%   straight line from R0-C0 (and not the same cell), one step DR-DC away
%   after another.
line_step(R0, C0, R, C, DR, DC) :-
    DR0 is R - R0,
    DC0 is C - C0,
    (   DR0 =:= 0
    ->  DC0 =\= 0,
        DR = 0,
        DC is sign(DC0)
    ;   DC0 =:= 0
    ->  DR is sign(DR0),
        DC = 0
    ;   DR0 =:= DC0
    ->  DR is sign(DR0),
        DC = DR
    ).

%   blocker(+Board, +From, +R, +C, -Blocker) is semidet: Blocker is the
%   first full cell on the way from From to R-C (R-C included), or none
%   when the pawn may go there. Fails unless R-C is in a straight line
%   from From. Both cells are on the board, so the cells between are too
%   (the triangle is convex).
blocker(Board, R0-C0, R, C, Blocker) :-
    line_step(R0, C0, R, C, DR, DC),
    first_full(Board, R0, C0, DR, DC, R, C, Blocker).

first_full(Board, R0, C0, DR, DC, R, C, Blocker) :-
    R1 is R0 + DR,
    C1 is C0 + DC,
    cell_index(R1, C1, I),
    arg(I, Board, Piece),
    (   Piece \== e
    ->  Blocker = R1-C1
    ;   R1 =:= R,
        C1 =:= C
    ->  Blocker = none
    ;   first_full(Board, R1, C1, DR, DC, R, C, Blocker)
    ).

board_set(Board0, I, Value, Board) :-
    Board0 =.. [board|Cells0],
    set_nth1(I, Cells0, Value, Cells),
    Board =.. [board|Cells].

%!  player_colour(+State, +Player, -Colour) is det.
%
%   Colour (b or w) is the colour of Player's checkers.
player_colour(state(_, _, _, _, Black, _), Player, Colour) :-
    owner_colour(Player, Black, Colour).

owner_colour(Player, Black, Colour) :-
    (   Player == Black
    ->  Colour = b
    ;   Colour = w
    ).

colour_name(b, black).
colour_name(w, white).

%   The state must have the shape documented above; throws type_error
%   otherwise, so that no text that is not a state is taken for one.
check_state(State) :-
    (   State = state(Size, Board, Pawn, ToMove, Black, Plies),
        integer(Size),
        compound(Board),
        N is Size*(Size+1)//2,
        functor(Board, board, N),
        (   Pawn == none
        ;   Pawn = R-C,
            integer(R),
            integer(C),
            on_board(Size, R, C)
        ),
        player_opponent(trike, ToMove, _),
        player_opponent(trike, Black, _),
        integer(Plies)
    ->  true
    ;   type_error(trike_state, State)
    ).

%!  valid_moves(+State, -Moves) is det.
%
%   Moves is sorted: swap (only at move 2) first, then cells by row and
%   cell number. [] exactly when the pawn is trapped.
valid_moves(State, Moves) :-
    check_state(State),
    State = state(Size, Board, Pawn, _, _, Plies),
    (   Pawn == none
    ->  findall(Cell, board_cell(Size, Cell), Moves)
    ;   destinations(Size, Board, Pawn, Cells),
        (   Cells == []
        ->  Moves = []
        ;   Plies =:= 1
        ->  sort([swap|Cells], Moves)
        ;   sort(Cells, Moves)
        )
    ).

%!  move(+State, +Move, -NewState) is semidet.
%
%   Fails for any Move that is not in valid_moves/2.
move(state(Size, Board0, Pawn0, Player, Black0, Plies0), Move,
     state(Size, Board, Pawn, Opponent, Black, Plies)) :-
    player_opponent(trike, Player, Opponent),
    Plies is Plies0 + 1,
    (   Move == swap
    ->  Plies0 =:= 1,
        Board = Board0,
        Pawn = Pawn0,
        Black = Player
    ;   nonvar(Move),
        Move = R-C,
        integer(R),
        integer(C),
        on_board(Size, R, C),
        (   Pawn0 == none
        ->  true
        ;   blocker(Board0, Pawn0, R, C, none)
        ),
        cell_index(R, C, I),
        arg(I, Board0, e),
        owner_colour(Player, Black0, Colour),
        board_set(Board0, I, Colour, Board),
        Pawn = R-C,
        Black = Black0
    ).

%!  game_over(+State, -Winner) is semidet.
%
%   The pawn is trapped; Winner has more checkers under and next to it.
game_over(State, Winner) :-
    State = state(Size, Board, Pawn, _, _, _),
    Pawn \== none,
    trapped(Size, Board, Pawn),
    pawn_points(State, first, First),
    pawn_points(State, second, Second),
    (   First > Second
    ->  Winner = first
    ;   Winner = second
    ).

trapped(Size, Board, Pawn) :-
    \+ ( neighbour(Size, Pawn, R-C),
         cell_index(R, C, I),
         arg(I, Board, e)
       ).

%!  pawn_points(+State, +Player, -Points) is det.
%
%   Points is the number of Player's checkers under and next to the pawn
%   (0 before the first move): Player's score when the game is over.
pawn_points(state(Size, Board, Pawn, _, Black, _), Player, Points) :-
    (   Pawn == none
    ->  Points = 0
    ;   owner_colour(Player, Black, Colour),
        cell_colour_count(Size, Board, Pawn, Colour, Points)
    ).

cell_colour_count(Size, Board, R-C, Colour, Count) :-
    foldl(step_colour_count(Size, Board, R, C, Colour),
          [0-0, 0-(-1), 0-1, (-1)-(-1), (-1)-0, 1-0, 1-1], 0, Count).

step_colour_count(Size, Board, R0, C0, Colour, DR-DC, N0, N) :-
    R is R0 + DR,
    C is C0 + DC,
    (   on_board(Size, R, C),
        cell_index(R, C, I),
        arg(I, Board, Colour)
    ->  N is N0 + 1
    ;   N = N0
    ).

%!  value(+State, +Player, -Value) is det.
%
%   For a finished game 100 plus the winning margin for the winner, its
%   negation for the loser. Otherwise Player's checkers under and next to
%   the pawn minus the opponent's: the margin if the game ended now.
value(State, Player, Value) :-
    (   player_opponent(trike, Player, Opponent)
    ->  true
    ;   domain_error(trike_player, Player)
    ),
    pawn_points(State, Player, Own),
    pawn_points(State, Opponent, Theirs),
    (   game_over(State, _)
    ->  Value is sign(Own - Theirs)*100 + Own - Theirs
    ;   Value is Own - Theirs
    ).

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   Level 1 plays at random, level 2 greedily on value/3 (a move that wins
%   at once first). Level 3 and up search with Monte Carlo tree search
%   (UCT with random playouts that prove wins and losses near the end of
%   the game) for about 2 s of wall time at level 3, 2 s more at each
%   level above, at most 0.85 of the move time where there is one; a win
%   in one is taken and a loss in one avoided first (ai/one_ply.pl).
%   Fails when the game is over.
choose_move(State, Level, Move) :-
    level_move(trike, State, Level, tree_search_move, Move).

tree_search_move(State, Level, Move) :-
    within_move_time(2.0 * (Level - 2), Seconds),
    get_time(Now),
    findall(M-S1, ( valid_moves(State, Ms), member(M, Ms), move(State, M, S1) ), Children),
    CheckDeadline is Now + Seconds / 4,
    one_ply_check(trike, State, Children, CheckDeadline, Checked, _),
    (   Checked = win(Move)
    ->  true
    ;   Checked = moves([Move0])
    ->  Move = Move0
    ;   Checked = moves(Safe),
        Deadline is Now + Seconds,
        mcts_move(trike, State,
                  [ deadline(Deadline),
                    seconds(Seconds),
                    root_moves(Safe),
                    playout(trike:random_playout)
                  ],
                  Move)
    ).

%!  random_playout(+State, -Winner) is det.
%
%   Winner is the winner of a game played on from State with random
%   valid moves to the end (the playouts of the tree search; faster than
%   going through valid_moves/2 and move/3).
random_playout(State, Winner) :-
    (   game_over(State, Winner0)
    ->  Winner = Winner0
    ;   State = state(_, _, Pawn, _, _, Plies),
        (   Pawn == none
        ;   Plies =:= 1
        )
    ->  valid_moves(State, Moves),
        random_member(Move, Moves),
        move(State, Move, State1),
        random_playout(State1, Winner)
    ;   State = state(Size, Board, Pawn, Player, Black, _),
        owner_colour(Player, Black, Colour),
        playout_(Size, Board, Pawn, Colour, Board1, Pawn1),
        cell_colour_count(Size, Board1, Pawn1, b, Blacks),
        cell_colour_count(Size, Board1, Pawn1, w, Whites),
        (   Blacks > Whites
        ->  Winner = Black
        ;   player_opponent(trike, Black, Winner)
        )
    ).

playout_(Size, Board0, R0-C0, Colour, Board, Pawn) :-
    destinations(Size, Board0, R0-C0, Cells),
    (   Cells == []
    ->  Board = Board0,
        Pawn = R0-C0
    ;   random_member(R-C, Cells),
        cell_index(R, C, I),
        board_set(Board0, I, Colour, Board1),
        colour_other(Colour, Colour1),
        playout_(Size, Board1, R-C, Colour1, Board, Pawn)
    ).

colour_other(b, w).
colour_other(w, b).

%!  move_text(?Move, ?Text) is semidet.
%
%   Text is the row letter and cell number (`c2` for 3-2), or `swap`.
move_text(Move, Text) :-
    (   atom(Text)
    ->  (   Text == swap
        ->  Move = swap
        ;   text_cell(Text, R, C),
            between(1, 19, R),
            between(1, R, C),
            Move = R-C
        )
    ;   var(Text),
        nonvar(Move)
    ->  (   Move == swap
        ->  Text = swap
        ;   Move = R-C,
            integer(R),
            integer(C),
            between(1, 19, R),
            between(1, R, C),
            cell_text(R-C, Text)
        )
    ).

row_letter(R, Letter) :-
    Code is 0'a + R - 1,
    char_code(Letter, Code).

%   text_cell(+Text, -R, -C) is semidet: Text is a lower-case letter and
%   a number without leading zeros, not checked against any board.
text_cell(Text, R, C) :-
    atom_codes(Text, [L, D|Ds]),
    L >= 0'a,
    L =< 0'z,
    D >= 0'1,
    D =< 0'9,
    maplist(digit_code, Ds),
    number_codes(C, [D|Ds]),
    R is L - 0'a + 1.

digit_code(D) :-
    D >= 0'0,
    D =< 0'9.

cell_text(R-C, Text) :-
    row_letter(R, Letter),
    format(atom(Text), "~w~d", [Letter, C]).

%!  move_description(+State, +Move, -Text) is det.
%
%   What the move does, and the result when it ends the game.
move_description(State, Move, Text) :-
    State = state(_, _, Pawn, Player, _, _),
    (   Move == swap
    ->  Text = "swap: second takes black, first takes white and moves"
    ;   move(State, Move, State1),
        player_colour(State, Player, Colour),
        colour_name(Colour, Name),
        cell_text(Move, To),
        (   Pawn == none
        ->  format(string(Text0), "~w checker and the pawn on ~w", [Name, To])
        ;   cell_text(Pawn, From),
            format(string(Text0), "pawn ~w to ~w, ~w checker", [From, To, Name])
        ),
        (   game_over(State1, Winner)
        ->  pawn_points(State1, first, F),
            pawn_points(State1, second, S),
            format(string(Text), "~w: traps the pawn, ~w wins ~d-~d",
                   [Text0, Winner, max(F, S), min(F, S)])
        ;   Text = Text0
        )
    ).

%!  move_outcome(+State0, +Move, +State, -Text) is semidet.
%
%   The pie rule taken: who owns which colour from then on; fails for
%   any other move.
move_outcome(_State0, swap, _State,
             "second swaps (pie rule): second now owns black, first owns white and moves").

%!  illegal_move_reason(+State, +Text, -Reason) is semidet.
%
%   Why Text is not a valid move in State; fails when it is one.
illegal_move_reason(State, Text, Reason) :-
    State = state(Size, Board, Pawn, _, _, Plies),
    (   game_over(State, _)
    ->  Reason = "the game is over"
    ;   Text == swap
    ->  Plies =\= 1,
        Reason = "swap only as the second move"
    ;   atom(Text),
        text_cell(Text, R, C),
        \+ on_board(Size, R, C)
    ->  row_letter(Size, Last),
        (   R > Size
        ->  format(string(Reason),
                   "~w is off the board: the rows are a to ~w", [Text, Last])
        ;   row_letter(R, Row),
            format(string(Reason),
                   "~w is off the board: row ~w has cells 1 to ~d",
                   [Text, Row, R])
        )
    ;   \+ move_text(_, Text)
    ->  format(string(Reason),
               "~w is not a move: type a row letter and a cell number, \c
                like c2, or swap", [Text])
    ;   move_text(R-C, Text),
        cell_index(R, C, I),
        arg(I, Board, Piece),
        Piece \== e
    ->  colour_name(Piece, Name),
        (   Pawn == R-C
        ->  format(string(Reason), "the pawn is on ~w: move it elsewhere", [Text])
        ;   format(string(Reason), "~w is taken by a ~w checker", [Text, Name])
        )
    ;   move_text(R-C, Text),
        Pawn = PR-PC,
        \+ line_step(PR, PC, R, C, _, _)
    ->  cell_text(Pawn, From),
        format(string(Reason),
               "~w is not in a straight line from the pawn on ~w", [Text, From])
    ;   move_text(R-C, Text),
        blocker(Board, Pawn, R, C, Blocker),
        Blocker \== none
    ->  cell_text(Blocker, At),
        format(string(Reason), "a checker is in the way on ~w", [At])
    ).

%!  outcome_reason(+State, -Reason) is semidet.
%
%   Where the pawn is trapped and the score; fails while the game goes on.
outcome_reason(State, Reason) :-
    game_over(State, _),
    State = state(_, _, Pawn, _, _, _),
    cell_text(Pawn, At),
    pawn_points(State, first, F),
    pawn_points(State, second, S),
    format(string(Reason), "the pawn is trapped on ~w: first ~d, second ~d",
           [At, F, S]).

%!  rules(-Text) is det.
rules(Text) :-
    Text = "Move a shared pawn across a triangle, leaving your checkers behind \c
            it; where it is trapped, the most checkers around it win.\n\c
            A triangle of hexagonal cells. The first player places a black \c
            checker on any cell and the neutral pawn on it. The second \c
            player may then answer swap (the pie rule): the second player \c
            takes black, the first takes white and moves next. Then, in \c
            turn, each player moves the pawn any distance in a straight \c
            line (6 directions) over empty cells to an empty cell and puts \c
            a checker of their own colour there, under the pawn. When the \c
            pawn cannot move, each player scores one point per own checker \c
            under or next to the pawn; the higher score wins (never a \c
            draw).\n\c
            Notation: row letter (a is the top row, 1 cell) and cell \c
            number from the left: c2; or swap.".

%!  display_game(+State) is det.
display_game(State) :-
    display_game(State, []).

%!  display_game(+State, +Options) is det.
%
%   Draws the triangle: row letters on the left, empty cells show their
%   number, black checkers as ●, white as ○, the pawn in brackets.
%   Options: last_move(Move) underlines the cell of that move and names
%   it under the board.
display_game(State, Options) :-
    State = state(Size, Board, Pawn, Player, Black, Plies),
    option_value(Options, last_move, none, Last),
    format("~n"),
    forall(between(1, Size, R),
           display_row(Size, Board, Pawn, Last, R)),
    player_opponent(trike, Black, White),
    format("~n   ~w plays ", [Black]),
    ansi_format([bold, fg(red)], "● black", []),
    format(", ~w plays ", [White]),
    ansi_format([bold, fg(cyan)], "○ white", []),
    (   Black == second
    ->  format(" (swapped)")
    ;   true
    ),
    format("   [ ] pawn~n"),
    (   Last == none
    ->  true
    ;   move_text(Last, LastText)
    ->  format("   last move: ~w~n", [LastText])
    ;   true
    ),
    (   outcome_reason(State, Reason),
        game_over(State, Winner)
    ->  format("   ~s: ~w wins~n", [Reason, Winner])
    ;   player_colour(State, Player, Colour),
        colour_name(Colour, Name),
        (   Pawn == none
        ->  format("   ~w (~w) to move: place a checker and the pawn \c
                    on any cell~n", [Player, Name])
        ;   Plies =:= 1
        ->  format("   ~w (~w) to move: move the pawn, or swap to take \c
                    black~n", [Player, Name])
        ;   pawn_points(State, first, F),
            pawn_points(State, second, S),
            format("   ~w (~w) to move; around the pawn now: first ~d, \c
                    second ~d~n", [Player, Name, F, S])
        )
    ).

display_row(Size, Board, Pawn, Last, R) :-
    row_letter(R, Letter),
    Indent is 2*(Size - R),
    format("   ~w  ~*c", [Letter, Indent, 0' ]),
    forall(between(1, R, C),
           display_cell(Board, Pawn, Last, R-C)),
    format("~n").

display_cell(Board, Pawn, Last, R-C) :-
    cell_index(R, C, I),
    arg(I, Board, Piece),
    display_piece(Piece, Pawn, Last, R-C, C).

display_piece(e, _, _, _, C) :-
    !,                                  % green: an empty cell shows its number
    format(atom(Number), "~d", [C]),
    atom_length(Number, Len),
    Pad is 3 - Len,
    format("~*c", [Pad, 0' ]),
    ansi_format([faint], "~w", [Number]),
    format(" ").
display_piece(Piece, Pawn, Last, Cell, _) :-
    piece_glyph_style(Piece, Glyph, Style0),
    (   Cell == Last
    ->  Style = [underline|Style0]
    ;   Style = Style0
    ),
    (   Cell == Pawn
    ->  format(" "),
        ansi_format([bold, fg(yellow)], "[", []),
        ansi_format(Style, "~w", [Glyph]),
        ansi_format([bold, fg(yellow)], "]", [])
    ;   format("  "),
        ansi_format(Style, "~w", [Glyph]),
        format(" ")
    ).

piece_glyph_style(b, '●', [bold, fg(red)]).
piece_glyph_style(w, '○', [bold, fg(cyan)]).

