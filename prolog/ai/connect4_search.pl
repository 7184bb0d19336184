:- module(connect4_search,
          [ search_move/3,            % +State, +Level, -Move
            bitboard_value/3          % +State, +Player, -Value
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module(library(rbtrees)).

/** <module> Connect Four search: alpha-beta over bitboards

The levels 3 and up of prolog/games/connect4.pl. The search reads the
game's state term (see connect4.pl) into bitboards and never calls the
game's predicates: connect4.pl loads this module for choose_move/3, and
its value/3 does not use it.

    ?- connect4:initial_state([], S), search_move(S, 3, Move).
    Move = 4.
*/

%!  search_move(+State, +Level, -Move) is det.
%
%   The move of level Level (3 and up) in State, a position where the
%   game goes on. Level 3 searches the bitboards (search_node/11) to 8
%   plies, more as the board fills (level_depth/3), the whole rest of the
%   game once it fits. Level 4 and up deepen iteratively with a
%   transposition table until Level - 2 seconds have passed (2 s for
%   level 4), always finishing the iteration one ply deeper than level 3
%   first. On boards larger than 7 x 6 level 3 deepens too, up to its
%   depth within 1 s, and every level always finishes 4 plies only. A
%   win at once is always taken and, when the opponent threatens one,
%   blocked.
search_move(State, Level, Move) :-
    state_bits(State, G, Cur, Mask, N),
    G = geo(W, H, _, _, _, _, _, _, _),
    Left is W * H - N,
    level_depth(Left, Level, Depth),
    empty_table(Level, TT),
    (   Level =:= 3,
        W * H =< 42
    ->  search_root(ctx(G, none), Cur, Mask, N, Depth, 0,
                    scored(Move, _, _), a(0, TT), _)
    ;   Seconds is max(1, Level - 2),
        (   W * H =< 42
        ->  MinDepth = Depth
        ;   MinDepth is min(Depth, 4)
        ),
        (   Level =:= 3
        ->  MaxDepth = Depth
        ;   MaxDepth = Left
        ),
        get_time(Now),
        Deadline is Now + Seconds,
        Soft is Now + Seconds / 2,
        deepen(ctx(G, Deadline), Soft, Cur, Mask, N, 1, MinDepth, MaxDepth,
               none, a(0, TT), scored(Move, _, _))
    ).

%!  bitboard_value(+State, +Player, -Value) is det.
%
%   The search's static evaluation of a position where the game goes
%   on, for Player: 50000 when the player to move can win at once,
%   -50000 when the opponent has two wins they cannot both stop (or
%   every move lets the opponent win on top of it), else evaluation/7;
%   negated when Player is not the one to move. connect4:value/3 gives
%   the same numbers from the board itself.
bitboard_value(State, Player, Value) :-
    State = state(_, _, ToMove, none),
    state_bits(State, G, Cur, Mask, N),
    static_value(G, Cur, Mask, N, V),
    (   ToMove == Player
    ->  Value = V
    ;   Value is -V
    ).

%   direction(?DR, ?DC): the four directions of a line.
direction(0, 1).
direction(1, 0).
direction(1, 1).
direction(1, -1).

static_value(G, Cur, Mask, N, Value) :-
    position_threats(G, Cur, Mask, _, Possible, MyWins, OppWins),
    (   MyWins /\ Possible =\= 0
    ->  Value = 50000
    ;   safe_moves(Possible, OppWins, 0)
    ->  Value = -50000
    ;   evaluation(G, N, Cur, Mask, MyWins, OppWins, Value)
    ).

/* The AI's bitboards --------------------------------------------------

Column C (1 at the left) of a board of height H holds the bits
(C-1)*(H+1) .. (C-1)*(H+1)+H-1 of an integer, its cells from the bottom
up, and one spare bit above them that is always 0, so that no line of
bits runs from the top of a column into the next one. The search sees a
position as Cur (the discs of the player to move), Mask (all discs) and N
(their number); x is to move when N is even. A threat of a player is an
empty cell that would complete a line of Connect for them. */

%   geometry(+W, +H, +K, -Geo): the constant masks of a board size (a pure
%   derived relation of the size).
%   Geo = geo(W, H, K, Bottom, Full, Columns, Steps, OddRows, Planes):
%   Bottom has the bottom cell of each column, Full every cell; Columns
%   lists Column-ColumnMask, the centre first; Steps has a term
%   step(D, Full >> D, Full >> 2D, Full >> 3D) for each of the three
%   directions other than vertical, D its bit distance (discs are masked
%   before a shift to the left so that numbers stay below 2^56, the
%   largest small integer, on a 7 x 6 board); OddRows the rows 1, 3, 5,
%   ... from the bottom; Planes the bit planes (lowest first) of each
%   cell's weight: the number of lines of K cells through it.


geometry(W, H, K, geo(W, H, K, Bottom, Full, Columns, Steps, OddRows, Planes)) :-
    H1 is H + 1,
    numlist(1, W, Cols),
    foldl(bottom_bit(H1), Cols, 0, Bottom),
    Full is Bottom * ((1 << H) - 1),
    centre_first(W, Order),
    maplist(column_mask(H1, H), Order, Columns),
    Up is H + 2,
    maplist(step(Full), [H1, H, Up], Steps),
    H0 is H - 1,
    aggregate_all(sum(1 << R), ( between(0, H0, R), R mod 2 =:= 0 ), OddColumn),
    OddRows is Bottom * OddColumn,
    findall(Bit-Weight,
            ( member(C, Cols),
              between(1, H, R),
              cell_weight(W, H, K, C, R, Weight),
              Bit is (C - 1) * H1 + R - 1
            ),
            Weights),
    weight_planes(Weights, Planes).

step(Full, D, step(D, M1, M2, M3)) :-
    M1 is Full >> D,
    M2 is Full >> (2 * D),
    M3 is Full >> (3 * D).

bottom_bit(H1, C, B0, B) :-
    B is B0 \/ (1 << ((C - 1) * H1)).

column_mask(H1, H, C, C-M) :-
    M is ((1 << H) - 1) << ((C - 1) * H1).

%   centre_first(+W, -Columns): the columns ordered by their distance
%   from the centre, the left one of two first.
centre_first(W, Columns) :-
    numlist(1, W, Cols),
    map_list_to_pairs(centre_distance(W), Cols, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Columns).

centre_distance(W, C, D) :-
    D is abs(2 * C - W - 1).

%   cell_weight(+W, +H, +K, +C, +R, -N): N lines of K cells pass through
%   column C, row R.
cell_weight(W, H, K, C, R, N) :-
    aggregate_all(count,
                  ( direction(DR, DC),
                    K1 is K - 1,
                    between(0, K1, S),
                    C0 is C - S * DC, R0 is R - S * DR,
                    C1 is C0 + K1 * DC, R1 is R0 + K1 * DR,
                    between(1, W, C0), between(1, W, C1),
                    between(1, H, R0), between(1, H, R1)
                  ),
                  N).

weight_planes(Weights, Planes) :-
    pairs_values(Weights, Ws),
    max_list(Ws, Max),
    Top is msb(Max),
    findall(Plane,
            ( between(0, Top, P),
              aggregate_all(sum(1 << Bit),
                            ( member(Bit-Wt, Weights), Wt /\ (1 << P) =\= 0 ),
                            Plane)
            ),
            Planes).

%   state_bits(+State, -Geo, -Cur, -Mask, -N): the bitboards of State.
state_bits(state(size(W, H, K), Board, ToMove, _), G, Cur, Mask, N) :-
    geometry(W, H, K, G),
    H1 is H + 1,
    Cells is W * H,
    numlist(1, Cells, Is),
    foldl(cell_bits(Board, W, H, H1, ToMove), Is, 0-0-0, Cur-Mask-N).

cell_bits(Board, W, H, H1, ToMove, I, Cur0-Mask0-N0, Cur-Mask-N) :-
    arg(I, Board, Cell),
    (   Cell == e
    ->  Cur = Cur0, Mask = Mask0, N = N0
    ;   Row is (I - 1) // W,            % 0 = the top row
        Col is (I - 1) mod W,
        Bit is 1 << (Col * H1 + H - 1 - Row),
        Mask is Mask0 \/ Bit,
        N is N0 + 1,
        (   Cell == ToMove
        ->  Cur is Cur0 \/ Bit
        ;   Cur = Cur0
        )
    ).

%   position_threats(+Geo, +Cur, +Mask, -Empty, -Possible, -MyWins,
%   -OppWins): the empty cells, the playable ones (lowest empty cell of
%   each column), and the threats of the player to move and of the other.
position_threats(G, Cur, Mask, Empty, Possible, MyWins, OppWins) :-
    G = geo(_, _, _, Bottom, Full, _, _, _, _),
    Empty is Full xor Mask,
    Possible is (Mask + Bottom) /\ Full,
    threat_cells(G, Cur, Empty, MyWins),
    Opp is Cur xor Mask,
    threat_cells(G, Opp, Empty, OppWins).

%   threat_cells(+Geo, +Discs, +Empty, -Threats): the cells of Empty that
%   complete a line of K with Discs.
threat_cells(geo(_, _, K, _, Full, _, Steps, _, _), P, Empty, Threats) :-
    (   K =:= 4
    ->  Steps = [S1, S2, S3],
        V is (P << 1) /\ (P << 2) /\ (P << 3),
        line_threats4(S1, P, V, T1),
        line_threats4(S2, P, T1, T2),
        line_threats4(S3, P, T2, T)
    ;   K1 is K - 1,
        shifted_and(K1, Full, P, 1, -1, V),
        foldl(line_threats(K1, Full, P), Steps, V, T)
    ),
    Threats is T /\ Empty.

%   line_threats4(+Step, +P, +T0, -T): T0 plus the cells that complete
%   four of P along Step's bit distance D: with L1, L2 (R1, R2) the cells
%   that have 1, 2 discs of P right before (after) them, a cell is the
%   last, third, second or first of the four.
line_threats4(step(D, M1, M2, M3), P, T0, T) :-
    D2 is 2 * D,
    D3 is 3 * D,
    L1 is (P /\ M1) << D,
    L2 is L1 /\ ((P /\ M2) << D2),
    R1 is P >> D,
    R2 is R1 /\ (P >> D2),
    T is T0 \/ (L2 /\ (((P /\ M3) << D3) \/ R1)) \/ (R2 /\ ((P >> D3) \/ L1)).

%   line_threats(+K1, +Full, +P, +Step, +T0, -T): the same for lines of
%   K1+1 discs.
line_threats(K1, Full, P, step(D, _, _, _), T0, T) :-
    ND is -D,
    findall(Cells,
            ( between(0, K1, Before),
              After is K1 - Before,
              shifted_and(Before, Full, P, D, -1, L),
              shifted_and(After, Full, P, ND, L, Cells)
            ),
            Parts),
    foldl(or_bits, Parts, T0, T).

or_bits(A, B0, B) :-
    B is B0 \/ A.

%   shifted_and(+N, +Full, +P, +D, +Acc0, -Acc): Acc0 /\ (P << D) /\
%   (P << 2D) /\ ... /\ (P << N*D) within Full (a negative D shifts the
%   other way).
shifted_and(N, Full, P, D, Acc0, Acc) :-
    (   N =:= 0
    ->  Acc = Acc0
    ;   S is N * D,
        (   S > 0
        ->  Acc1 is Acc0 /\ ((P /\ (Full >> S)) << S)
        ;   Acc1 is Acc0 /\ (P << S)
        ),
        N1 is N - 1,
        shifted_and(N1, Full, P, D, Acc1, Acc)
    ).

%   safe_moves(+Possible, +OppWins, -Moves): the playable cells the player
%   to move may take without losing at once: the opponent's threat among
%   Possible if there is exactly one (0 if two or more), else every cell
%   of Possible; never a cell right under an opponent's threat.
safe_moves(Possible, OppWins, Moves) :-
    Forced is Possible /\ OppWins,
    (   Forced =:= 0
    ->  Moves is Possible /\ \ (OppWins >> 1)
    ;   Forced /\ (Forced - 1) =:= 0
    ->  Moves is Forced /\ \ (OppWins >> 1)
    ;   Moves = 0
    ).

%   evaluation(+Geo, +N, +Cur, +Mask, +MyWins, +OppWins, -Value): the
%   worth of a quiet position for the player to move (Cur), from the
%   threats of both (MyWins, OppWins) and where their discs stand.
%
%   x, who moves first, can count on getting the cells of odd rows (1, 3,
%   5 from the bottom) when the board fills up and o answers every move
%   on top of it, o those of even rows. If each player got the empty
%   cells of their rows, whoever would then have a line scores 100 (both
%   or neither: 0). A threat above an opponent's threat in the same column
%   is left out (the opponent's comes true or is blocked first); another
%   on its owner's rows scores 40, elsewhere 15. Each disc adds the number
%   of lines of K cells through its cell.
evaluation(G, N, Cur, Mask, MyWins, OppWins, Value) :-
    G = geo(_, H, K, _, Full, _, Steps, OddRows, Planes),
    Opp is Cur xor Mask,
    cells_above(H, Full, MyWins, MyAbove),
    cells_above(H, Full, OppWins, OppAbove),
    MyUseful is MyWins /\ \ OppAbove,
    OppUseful is OppWins /\ \ MyAbove,
    (   N mod 2 =:= 0
    ->  X = MyUseful, O = OppUseful, XDiscs = Cur, ODiscs = Opp, Sign = 1
    ;   X = OppUseful, O = MyUseful, XDiscs = Opp, ODiscs = Cur, Sign = -1
    ),
    XOdd is popcount(X /\ OddRows),
    XEven is popcount(X) - XOdd,
    OOdd is popcount(O /\ OddRows),
    OEven is popcount(O) - OOdd,
    Empty is Full xor Mask,
    XFill is XDiscs \/ (Empty /\ OddRows),
    OFill is ODiscs \/ (Empty /\ \ OddRows),
    has_line(K, Steps, XFill, XLine),
    has_line(K, Steps, OFill, OLine),
    planes_weight(Planes, Cur, 1, 0, Mine),
    planes_weight(Planes, Opp, 1, 0, Theirs),
    ForX is 100 * (XLine - OLine) + 40 * (XOdd - OEven) + 15 * (XEven - OOdd),
    Value is Sign * ForX + Mine - Theirs.

%   has_line(+K, +Steps, +Discs, -Line): Line is 1 if Discs hold a line
%   of K, else 0.
has_line(K, Steps, P, Line) :-
    (   line_along(K, P, 1)
    ->  Line = 1
    ;   member(step(D, _, _, _), Steps),
        line_along(K, P, D)
    ->  Line = 1
    ;   Line = 0
    ).

line_along(K, P, D) :-
    (   K =:= 4
    ->  M is P /\ (P >> D),
        M /\ (M >> (2 * D)) =\= 0
    ;   K1 is K - 1,
        NegD is -D,
        shifted_and(K1, -1, P, NegD, P, M),
        M =\= 0
    ).

%   cells_above(+H, +Full, +Cells, -Above): the cells above a cell of
%   Cells in the same column.
cells_above(H, Full, Cells, Above) :-
    A0 is (Cells << 1) /\ Full,
    spread_up(H, Full, A0, Above).

spread_up(Rows, Full, A0, A) :-
    (   Rows =< 2
    ->  A = A0
    ;   A1 is A0 \/ ((A0 << 1) /\ Full),
        Rows1 is Rows - 1,
        spread_up(Rows1, Full, A1, A)
    ).

planes_weight([], _, _, W, W).
planes_weight([Plane|Planes], P, Unit, W0, W) :-
    W1 is W0 + Unit * popcount(P /\ Plane),
    Unit1 is Unit * 2,
    planes_weight(Planes, P, Unit1, W1, W).

/* The AI's search ------------------------------------------------------

Negamax alpha-beta over the bitboards. At every position: a win at once
ends the search; the moves are the safe ones (safe_moves/3), so a
position where the opponent has two threats the mover cannot both stop,
or where every move lets the opponent win on top of it, is lost; a
position with a single safe move is searched through without using up
depth (so forced sequences are read to their end); at the horizon a
position scores evaluation/7. Moves are searched in the order of the
threats they make (most first), then from the centre out; with a
transposition table a position's best move from an earlier search comes
first. A won position scores Mate minus the number of discs on the board
when the win comes (a sooner win is better), a lost one the negation.

The context is ctx(Geo, Deadline) (Deadline none, or a time after which
the search throws c4_timeout), the accumulator a(Nodes, Table) (Table
none, or an rb-tree from Cur+Mask, a position's unique key, to
t(Depth, Score, Bound, Column)); both are threaded through as terms. */

mate(1000000).

%   search_node(+Ctx, +Cur, +Mask, +N, +OppWins, +Depth, +Alpha, +Beta,
%   -Score, +Acc0, -Acc): fail-soft alpha-beta; OppWins are the threats
%   of the player who just moved.
search_node(Ctx, Cur, Mask, N, OppWins, Depth, Alpha, Beta, Score, A0, A) :-
    Ctx = ctx(G, Deadline),
    G = geo(W, H, _, Bottom, Full, _, _, _, _),
    A0 = a(Nodes0, TT0),
    Nodes is Nodes0 + 1,
    check_deadline(Nodes, Deadline),
    (   N =:= W * H
    ->  Score = 0,
        A = a(Nodes, TT0)
    ;   Empty is Full xor Mask,
        Possible is (Mask + Bottom) /\ Full,
        threat_cells(G, Cur, Empty, MyWins),
        (   MyWins /\ Possible =\= 0
        ->  mate(Mate),
            Score is Mate - N - 1,
            A = a(Nodes, TT0)
        ;   safe_moves(Possible, OppWins, Moves),
            (   Moves =:= 0
            ->  mate(Mate),
                Score is N + 2 - Mate,
                A = a(Nodes, TT0)
            ;   Moves /\ (Moves - 1) =:= 0
            ->  Cur1 is Cur xor Mask,
                Mine is Cur \/ Moves,
                Mask1 is Mask \/ Moves,
                Empty1 is Empty xor Moves,
                threat_cells(G, Mine, Empty1, MineWins),
                N1 is N + 1,
                NAlpha is -Beta,
                NBeta is -Alpha,
                search_node(Ctx, Cur1, Mask1, N1, MineWins, Depth, NAlpha, NBeta,
                            S1, a(Nodes, TT0), A),
                Score is -S1
            ;   Depth =< 0
            ->  evaluation(G, N, Cur, Mask, MyWins, OppWins, Score),
                A = a(Nodes, TT0)
            ;   Key is Cur + Mask,
                table_lookup(TT0, Key, Entry),
                (   Entry = t(D, S, Bound, _),
                    D >= Depth,
                    bound_cuts(Bound, S, Alpha, Beta)
                ->  Score = S,
                    A = a(Nodes, TT0)
                ;   entry_move(Entry, First),
                    children(G, Cur, Mask, Empty, Moves, First, Children),
                    Cur1 is Cur xor Mask,
                    N1 is N + 1,
                    Depth1 is Depth - 1,
                    mate(Mate),
                    Worst is -2 * Mate,
                    search_children(Children, Ctx, Cur1, N1, Depth1, Alpha, Beta,
                                    Worst, 0, Score, Best, a(Nodes, TT0), A1),
                    A1 = a(Nodes1, TT1),
                    (   TT1 == none
                    ->  A = A1
                    ;   bound(Score, Alpha, Beta, Bound1),
                        rb_insert(TT1, Key, t(Depth, Score, Bound1, Best), TT),
                        A = a(Nodes1, TT)
                    )
                )
            )
        )
    ).

check_deadline(Nodes, Deadline) :-
    (   Deadline == none
    ->  true
    ;   Nodes /\ 255 =\= 0
    ->  true
    ;   get_time(Now),
        Now > Deadline
    ->  throw(c4_timeout)
    ;   true
    ).

table_lookup(TT, Key, Entry) :-
    (   TT \== none,
        rb_lookup(Key, Entry0, TT)
    ->  Entry = Entry0
    ;   Entry = none
    ).

entry_move(Entry, Move) :-
    (   Entry = t(_, _, _, Move)
    ->  true
    ;   Move = 0
    ).

bound_cuts(exact, _, _, _).
bound_cuts(lower, S, _, Beta) :-
    S >= Beta.
bound_cuts(upper, S, Alpha, _) :-
    S =< Alpha.

bound(Score, Alpha, Beta, Bound) :-
    (   Score =< Alpha
    ->  Bound = upper
    ;   Score >= Beta
    ->  Bound = lower
    ;   Bound = exact
    ).

%   children(+Geo, +Cur, +Mask, +Empty, +Moves, +First, -Children): the
%   moves among the cells Moves in search order, as
%   c(Column, Bit, Mask1, MineWins): column First (if among them), then
%   the most threats made first, then from the centre out.
children(G, Cur, Mask, Empty, Moves, First, Children) :-
    G = geo(_, _, _, _, _, Columns, _, _, _),
    keyed_children(Columns, G, Cur, Mask, Empty, Moves, First, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Children).

keyed_children([], _, _, _, _, _, _, []).
keyed_children([Col-CM|Cols], G, Cur, Mask, Empty, Moves, First, Keyed) :-
    Bit is Moves /\ CM,
    (   Bit =:= 0
    ->  Keyed = Keyed1
    ;   Mine is Cur \/ Bit,
        Mask1 is Mask \/ Bit,
        Empty1 is Empty xor Bit,
        threat_cells(G, Mine, Empty1, MineWins),
        (   Col =:= First
        ->  Key = -1000
        ;   Key is -popcount(MineWins)
        ),
        Keyed = [Key-c(Col, Mask1, MineWins)|Keyed1]
    ),
    keyed_children(Cols, G, Cur, Mask, Empty, Moves, First, Keyed1).

search_children([], _, _, _, _, _, _, Score, Best, Score, Best, A, A).
search_children([c(Col, Mask1, MineWins)|Cs], Ctx, Cur1, N1, Depth1, Alpha, Beta,
                Score0, Best0, Score, Best, A0, A) :-
    NAlpha is -Beta,
    NBeta is -Alpha,
    search_node(Ctx, Cur1, Mask1, N1, MineWins, Depth1, NAlpha, NBeta, S1, A0, A1),
    S is -S1,
    (   S > Score0
    ->  Score2 = S,
        Best2 = Col
    ;   Score2 = Score0,
        Best2 = Best0
    ),
    (   Score2 >= Beta
    ->  Score = Score2,
        Best = Best2,
        A = A1
    ;   Alpha1 is max(Alpha, Score2),
        search_children(Cs, Ctx, Cur1, N1, Depth1, Alpha1, Beta, Score2, Best2,
                        Score, Best, A1, A)
    ).

%   search_root(+Ctx, +Cur, +Mask, +N, +Depth, +First, -Result, +Acc0,
%   -Acc): Result = scored(Move, Value, Moves): every safe move searched
%   to Depth so that ties with the best are exact, Move a random one of
%   the best; Moves is the number of safe moves (1: forced, not
%   searched; 0: every move loses, Move blocks an opponent's threat if
%   it can).
search_root(Ctx, Cur, Mask, N, Depth, First, Result, A0, A) :-
    Ctx = ctx(G, _),
    G = geo(_, _, _, _, _, Columns, _, _, _),
    position_threats(G, Cur, Mask, Empty, Possible, MyWins, OppWins),
    Opp is Cur xor Mask,
    mate(Mate),
    Wins is MyWins /\ Possible,
    safe_moves(Possible, OppWins, Moves),
    (   Wins =\= 0
    ->  random_column(Columns, Wins, Move),
        Value is Mate - N - 1,
        Result = scored(Move, Value, 1),
        A = A0
    ;   Moves =:= 0
    ->  Blocks is Possible /\ OppWins,
        (   Blocks =\= 0
        ->  random_column(Columns, Blocks, Move)
        ;   random_column(Columns, Possible, Move)
        ),
        Value is N + 2 - Mate,
        Result = scored(Move, Value, 0),
        A = A0
    ;   Moves /\ (Moves - 1) =:= 0
    ->  random_column(Columns, Moves, Move),
        Result = scored(Move, 0, 1),
        A = A0
    ;   children(G, Cur, Mask, Empty, Moves, First, Children),
        N1 is N + 1,
        Depth1 is Depth - 1,
        Worst is -2 * Mate,
        root_children(Children, Ctx, Opp, N1, Depth1, Worst, [], Scored, A0, A),
        max_member(Value-_, Scored),
        findall(M, member(Value-M, Scored), Best),
        random_member(Move, Best),
        popcount_moves(Moves, Count),
        Result = scored(Move, Value, Count)
    ).

popcount_moves(Moves, Count) :-
    Count is popcount(Moves).

root_children([], _, _, _, _, _, Scored, Scored, A, A).
root_children([c(Col, Mask1, MineWins)|Cs], Ctx, Cur1, N1, Depth1, Best0,
              Scored0, Scored, A0, A) :-
    mate(Mate),
    Alpha is Best0 - 1,
    NAlpha is -2 * Mate,
    NBeta is -Alpha,
    search_node(Ctx, Cur1, Mask1, N1, MineWins, Depth1, NAlpha, NBeta, S1, A0, A1),
    S is -S1,
    Best1 is max(Best0, S),
    root_children(Cs, Ctx, Cur1, N1, Depth1, Best1, [S-Col|Scored0], Scored, A1, A).

%   random_column(+Columns, +Cells, -Column): a random column holding a
%   cell of Cells.
random_column(Columns, Cells, Column) :-
    findall(C, ( member(C-CM, Columns), Cells /\ CM =\= 0 ), Cs),
    random_member(Column, Cs).

%   deepen(+Ctx, +Soft, +Cur, +Mask, +N, +Depth, +MinDepth, +MaxDepth,
%   +Previous, +Acc0, -Result): iterative deepening from Depth on, with
%   the transposition table in Acc0; the iterations up to MinDepth run
%   without the deadline, and no iteration past MinDepth starts after
%   the time Soft (it would rarely finish). Result = scored(Move, Value,
%   Depth) of the deepest finished iteration; stops at MaxDepth, on a
%   forced result or a forced move.
deepen(Ctx, Soft, Cur, Mask, N, Depth, MinDepth, MaxDepth, Previous, A0, Result) :-
    Ctx = ctx(G, _),
    (   Depth =< MinDepth
    ->  Ctx1 = ctx(G, none)
    ;   Ctx1 = Ctx
    ),
    previous_move(Previous, First),
    catch(( search_root(Ctx1, Cur, Mask, N, Depth, First, Scored, A0, A1),
            Done = true
          ),
          c4_timeout,
          Done = false),
    (   Done == false
    ->  Result = Previous
    ;   Scored = scored(Move, Value, Count),
        This = scored(Move, Value, Depth),
        mate(Mate),
        (   (   Depth >= MaxDepth
            ;   Count =< 1
            ;   abs(Value) > Mate // 2
            ;   Depth >= MinDepth,
                get_time(Now),
                Now > Soft
            )
        ->  Result = This
        ;   Depth1 is Depth + 1,
            deepen(Ctx, Soft, Cur, Mask, N, Depth1, MinDepth, MaxDepth, This,
                   A1, Result)
        )
    ).

previous_move(Previous, Move) :-
    (   Previous = scored(Move, _, _)
    ->  true
    ;   Move = 0
    ).

empty_table(Level, TT) :-
    (   Level =:= 3
    ->  TT = none
    ;   rb_empty(TT)
    ).

%   level_depth(+Left, +Level, -Depth): with Left empty cells, level 3
%   searches 8 plies, 10 once at most 24 cells are left, all of them
%   once at most 14 are; higher levels one ply more as their minimum
%   (their time, not a deeper minimum, makes a higher level stronger).
level_depth(Left, Level, Depth) :-
    (   Left =< 14
    ->  D0 = Left
    ;   Left =< 24
    ->  D0 = 10
    ;   D0 = 8
    ),
    Depth is min(Left, D0 + min(Level - 3, 1)).
