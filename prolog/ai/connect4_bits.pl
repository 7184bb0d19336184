:- module(arena_ai_connect4_bits,
          [ bitboard_value/3,         % +State, +Player, -Value
            state_bits/5,             % +State, -Geo, -Cur, -Mask, -N
            position_threats/7,       % +Geo, +Cur, +Mask, -Empty, -Possible, -MyWins, -OppWins
            threat_cells/4,           % +Geo, +Discs, +Empty, -Threats
            safe_moves/3,             % +Possible, +OppWins, -Moves
            evaluation/7              % +Geo, +N, +Cur, +Mask, +MyWins, +OppWins, -Value
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).

/** <module> Connect Four bitboards and their evaluation

A connect4.pl state term read into bitboards, the threats of both
players, and the static evaluation that connect4_search.pl searches
with.
*/

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

