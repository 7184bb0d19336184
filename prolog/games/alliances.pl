:- module(alliances,
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
            ally/3,                   % ?Player, ?Colour, ?Ally
            colour_winner/3,          % +State, ?Colour, -Winner
            colour_distance/4,        % +State, +Player, +Colour, -Distance
            % the board and its bitsets, for ai/alliances_search.pl
            place/4,                  % +State0, +ColourIndex, +Bit, -State
            colour_index/2,           % ?Colour, ?Index
            bit_cell/3,               % ?Bit, ?Row, ?Number
            side_masks/3,             % ?Colour, ?SideA, ?SideB
            arc_masks/3,              % ?Colour, ?Arc1, ?Arc2
            empty_mask/2,             % +Discs, -Empty
            colour_mask/3,            % +Colour, +Discs, -Mask
            own_mask/4,               % +Player, +Colour, +Discs, -Own
            usable/3,                 % +Player, +Colour, +Disc
            colours_held/3,           % +Won, +Player, -N
            first_layer/3,            % +Own, +A, -Reach
            next_layer/5,             % +Reach, +Own, +Empty, +A, -Reach1
            far_distance/5            % +Own, +Empty, +A, +B, -L
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(library(aggregate)).
:- use_module(library(pairs)).
:- use_module('../arena').
:- use_module('../ai/alliances_search').

/** <module> Alliances (Markus Hagenauer, nestorgames)

A hexagon of side 7 made of pointy-top hexagonal cells, its 6 corner
cells removed: 121 cells in 13 rows `a` (top) .. `m` (bottom) of
5, 8, 9, 10, 11, 12, 11, 12, 11, 10, 9, 8, 5 cells, numbered from the
left. In cube coordinates (Q, R, S), Q+R+S = 0, every coordinate in
-6..6 and not two of them at +-6 (the corners); the row is R (`a` is
R = -6) and Q grows to the right. Sides (5 cells each):

    orange  top a1-a5 (R = -6)            bottom m1-m5 (R = 6)
    purple  upper right b8 c9 d10 e11 f12 (Q = 6)
            lower left h1 i1 j1 k1 l1     (Q = -6)
    green   upper left b1 c1 d1 e1 f1     (S = 6)
            lower right h12 i11 j10 k9 l8 (S = -6)

Players `p1` (first) and `p2` share one supply of 42 discs of each
colour. A move places a disc of any colour with discs left on any empty
cell; its text is the colour letter and the cell, `Og6`, `Pa1`, `Gm5`
(input is case-insensitive: `og6` and `OG6` are read as `Og6`).

A player connects a colour with a chain of that colour and its ally
for that player (ally/3) between the colour's two sides. After each
move every colour nobody holds yet is settled in this order: the
mover's connections, the opponent's connections, then fences (a player
with no path left through empty cells and their two usable colours
between the colour's sides loses it to the other player). A colour won
takes one disc of it from the supply as a trophy (none when the supply
of that colour is already empty). Whoever holds two colours wins.

Every colour is settled after each move, also after the game is won,
so the final state shows all colours the last move decided. Since
there are three colours, at most one player can hold two, so the order
above only matters for a colour that both players connect with the
same disc: the mover wins it. A disc of a colour usable by both
players for a colour (that colour itself) blocks neither; any other
disc blocks exactly one of them, so a move never fences both players
off the same colour.

The game cannot end without a winner: a colour nobody holds can still
be connected by both players (else the last move settled it), so once
the board is full every colour is held. The supply (126 discs, at most
3 trophies) never runs out before the board (121 cells) is full. For
completeness game_over/2 calls a position without a winner and without
a valid move a draw; no game reaches it.

    State = state(ToMove, discs(Orange, Purple, Green),
                  supply(OrangeLeft, PurpleLeft, GreenLeft),
                  won(OrangeWon, PurpleWon, GreenWon))
    ToMove = p1 or p2
    Orange, Purple, Green = bitsets (integers) of the cells holding a
        disc of that colour: cell (Q, R) is bit (R+6)*14 + Q+7
    OrangeLeft .. = discs of that colour left in the supply
    OrangeWon .. = none, connection(Player) or fence(Player)
    Move = place(Colour, Row, Number), Colour orange, purple or green

    ?- initial_state([], S0), move(S0, place(orange, g, 6), S).
    S = state(p2, discs(2475880078570760549798248448, 0, 0),
              supply(41, 42, 42), won(none, none, none)).
*/

%!  title(-Title) is det.
title("Alliances").

%!  players(-Players) is det.
players([p1, p2]).

%!  option(?Name, ?Default, ?Help) is nondet.
%
%   Alliances takes no options.
option(_, _, _) :-
    fail.

%!  initial_state(+Options, -State) is det.
initial_state(Options, state(p1, discs(0, 0, 0), supply(42, 42, 42),
                             won(none, none, none))) :-
    check_options(alliances, Options).

%!  current_player(+State, -Player) is det.
current_player(state(Player, _, _, _), Player).

%!  ally(?Player, ?Colour, ?Ally) is nondet.
%
%   Player connects Colour with discs of Colour and of Ally. Det when
%   Player and Colour are given.
ally(p1, Colour, Ally) :-
    allies(Colour, Ally, _).
ally(p2, Colour, Ally) :-
    allies(Colour, _, Ally).

%   allies(?Colour, ?AllyOfP1, ?AllyOfP2)
allies(orange, green, purple).
allies(purple, orange, green).
allies(green, purple, orange).

colour(orange).
colour(purple).
colour(green).

colour_letter(orange, 'O').
colour_letter(purple, 'P').
colour_letter(green, 'G').

%   colour_index(?Colour, ?Index): the argument of Colour in the
%   discs/3, supply/3 and won/3 terms.
colour_index(orange, 1).
colour_index(purple, 2).
colour_index(green, 3).


                 /*******************************
                 *           GEOMETRY           *
                 *******************************/

%   The board is generated when this file is compiled:
%     cell(Row, Number, Bit)      each of the 121 cells
%     bit_cell(Bit, Row, Number)  the same, indexed on Bit
%     cell_cube(Bit, Q, R, S)     its cube coordinates
%     move_name(Colour, Row, Number, Text)  each move's text
%     board_cells(Cells)          Bit-Row-Number of every cell, by Bit
%     board_mask(Mask)            the bitset of all cells
%     side_masks(Colour, A, B)    the bitsets of a colour's two sides
%     arc_masks(Colour, A, B)     the two arcs of the border between
%                                 them: a wall of discs from one to the
%                                 other fences that colour off
%   Neighbours are the 6 cells at cube distance 1; with bit
%   (R+6)*14 + Q+7 they are the bits at +-1, +-13 and +-14, and column
%   0 of every row is never a cell, so no shift wraps onto a cell.

row_letters([a, b, c, d, e, f, g, h, i, j, k, l, m]).

cube_cell(Row, N, Bit, Q, R, S) :-
    row_letters(Rows),
    between(-6, 6, R),
    Index is R + 6,
    nth0(Index, Rows, Row),
    findall(Q0, row_q(R, Q0), Qs),
    nth1(N, Qs, Q),
    S is -Q - R,
    Bit is (R + 6) * 14 + Q + 7.

row_q(R, Q) :-
    between(-6, 6, Q),
    S is -Q - R,
    abs(S) =< 6,
    \+ corner(Q, R, S).

corner(Q, R, S) :-
    include([X]>>(abs(X) =:= 6), [Q, R, S], Edges),
    length(Edges, N),
    N >= 2.

side_cell(orange, a, _, R, _) :- R =:= -6.
side_cell(orange, b, _, R, _) :- R =:= 6.
side_cell(purple, a, Q, _, _) :- Q =:= 6.
side_cell(purple, b, Q, _, _) :- Q =:= -6.
side_cell(green, a, _, _, S) :- S =:= 6.
side_cell(green, b, _, _, S) :- S =:= -6.

bits_mask(Bits, Mask) :-
    foldl([B, M0, M]>>(M is M0 \/ (1 << B)), Bits, 0, Mask).

geometry_clause(cell(Row, N, Bit)) :-
    cube_cell(Row, N, Bit, _, _, _).
geometry_clause(bit_cell(Bit, Row, N)) :-
    cube_cell(Row, N, Bit, _, _, _).
geometry_clause(cell_cube(Bit, Q, R, S)) :-
    cube_cell(_, _, Bit, Q, R, S).
geometry_clause(move_name(Colour, Row, N, Text)) :-
    colour_letter(Colour, Letter),
    cube_cell(Row, N, _, _, _, _),
    format(atom(Text), "~w~w~w", [Letter, Row, N]).
geometry_clause(board_cells(Cells)) :-
    findall(Bit-Row-N, cube_cell(Row, N, Bit, _, _, _), Cells).
geometry_clause(board_mask(Mask)) :-
    findall(Bit, cube_cell(_, _, Bit, _, _, _), Bits),
    bits_mask(Bits, Mask).
geometry_clause(side_masks(Colour, A, B)) :-
    colour(Colour),
    findall(Bit, ( cube_cell(_, _, Bit, Q, R, S),
                   side_cell(Colour, a, Q, R, S) ), BitsA),
    findall(Bit, ( cube_cell(_, _, Bit, Q, R, S),
                   side_cell(Colour, b, Q, R, S) ), BitsB),
    bits_mask(BitsA, A),
    bits_mask(BitsB, B).

geometry_clause(arc_masks(Colour, Arc1, Arc2)) :-
    colour(Colour),
    findall(Q-R, ( boundary_cube(Q, R),
                   S is -Q - R,
                   \+ side_cell(Colour, _, Q, R, S) ), Rest),
    Rest = [Start|_],
    cube_component(Rest, Start, Cells1),
    subtract(Rest, Cells1, Cells2),
    maplist(widen_arc, [Cells1, Cells2], [Wide1, Wide2]),
    maplist(cubes_mask, [Wide1, Wide2], [Arc1, Arc2]).

%   The arcs of the border between a colour's sides, for fences: the
%   border cells on no side of the colour, and also the cells next to a
%   removed corner that touches the arc (a side cell there touches the
%   arc through the corner's gap).
neighbour_cube(Q, R, Q1, R1) :-
    member(DQ-DR, [1-0, (-1)-0, 0-1, 0-(-1), 1-(-1), (-1)-1]),
    Q1 is Q + DQ,
    R1 is R + DR.

on_board(Q, R) :-
    cube_cell(_, _, _, Q, R, _),
    !.                                  % green: one cell per coordinates

boundary_cube(Q, R) :-
    cube_cell(_, _, _, Q, R, _),
    aggregate_all(count, ( neighbour_cube(Q, R, Q1, R1), on_board(Q1, R1) ), N),
    N < 6.

cube_component(Cells, Start, Component) :-
    grow_component([Start], Cells, [Start], Component).

grow_component([], _, Component, Component).
grow_component([Q-R|Frontier], Cells, Seen, Component) :-
    findall(Q1-R1, ( neighbour_cube(Q, R, Q1, R1),
                     memberchk(Q1-R1, Cells),
                     \+ memberchk(Q1-R1, Seen) ), New0),
    sort(New0, New),
    append(Seen, New, Seen1),
    append(Frontier, New, Frontier1),
    grow_component(Frontier1, Cells, Seen1, Component).

widen_arc(Arc, Wide) :-
    findall(Cell, ( member(Q-R, [6-(-6), 6-0, 0-6, (-6)-6, (-6)-0, 0-(-6)]),
                    findall(Q1-R1, ( neighbour_cube(Q, R, Q1, R1),
                                     on_board(Q1, R1) ), Gap),
                    once(( member(G, Gap), memberchk(G, Arc) )),
                    member(Cell, Gap) ), Extra),
    append(Arc, Extra, Wide0),
    sort(Wide0, Wide).

cubes_mask(Cubes, Mask) :-
    findall(Bit, ( member(Q-R, Cubes),
                   Bit is (R + 6) * 14 + Q + 7 ), Bits),
    bits_mask(Bits, Mask).

term_expansion(generate_geometry, Clauses) :-
    findall(Clause, geometry_clause(Clause), Clauses).

generate_geometry.

%   grow(+Set, -Grown): Set with every neighbour of its cells
%   (and some bits that are not cells: intersect with a mask).
grow(Set, Grown) :-
    Grown is Set \/ (Set << 1) \/ (Set >> 1)
             \/ (Set << 13) \/ (Set >> 13)
             \/ (Set << 14) \/ (Set >> 14).

%   flood(+Seed, +Mask, -Region): Region is every cell of Mask connected
%   to Seed through cells of Mask. Seed must be a subset of Mask.
flood(Seed, Mask, Region) :-
    grow(Seed, Grown0),
    Grown is Grown0 /\ Mask,
    (   Grown =:= Seed
    ->  Region = Seed
    ;   flood(Grown, Mask, Region)
    ).

%   reaches(+Seed, +Mask, +Target): some cell of Target is connected to
%   Seed (a subset of Mask) through cells of Mask.
reaches(Seed, Mask, Target) :-
    (   Seed /\ Target =\= 0
    ->  true
    ;   grow(Seed, Grown0),
        Grown is Grown0 /\ Mask,
        Grown =\= Seed,
        reaches(Grown, Mask, Target)
    ).


                 /*******************************
                 *            RULES             *
                 *******************************/

%!  valid_moves(+State, -Moves) is det.
%
%   Moves are place(Colour, Row, Number) for every colour with discs
%   left and every empty cell, in standard order; [] when the game is
%   over.
valid_moves(State, Moves) :-
    (   game_over(State, _)
    ->  Moves = []
    ;   State = state(_, Discs, Supply, _),
        empty_mask(Discs, Empty),
        board_cells(Cells),
        empty_cells(Cells, Empty, Free),
        colour_moves(Supply, Free, purple, [], Moves2),
        colour_moves(Supply, Free, orange, Moves2, Moves1),
        colour_moves(Supply, Free, green, Moves1, Moves)
    ).

%   colour_moves(+Supply, +Cells, +Colour, +Moves0, -Moves): the moves
%   of Colour on Cells, if it has discs left, in front of Moves0.
colour_moves(Supply, Cells, Colour, Moves0, Moves) :-
    colour_index(Colour, I),
    arg(I, Supply, Left),
    (   Left > 0
    ->  cell_moves(Cells, Colour, Moves, Moves0)
    ;   Moves = Moves0
    ).

cell_moves([], _, Moves, Moves).
cell_moves([Row-N|Cells], Colour, [place(Colour, Row, N)|Moves], Moves0) :-
    cell_moves(Cells, Colour, Moves, Moves0).

empty_mask(discs(O, P, G), Empty) :-
    board_mask(All),
    Empty is All /\ \ (O \/ P \/ G).

%   empty_cells(+Cells, +Empty, -Free): Row-Number of the cells of
%   Cells (Bit-Row-Number) in the bitset Empty.
empty_cells([], _, []).
empty_cells([Bit-Row-N|Cells], Empty, Free) :-
    (   getbit(Empty, Bit) =:= 1
    ->  Free = [Row-N|Free1]
    ;   Free = Free1
    ),
    empty_cells(Cells, Empty, Free1).

%!  move(+State, +Move, -NewState) is semidet.
%
%   Places the disc and settles the colours (see the module comment).
%   Fails for a move that is not valid; throws instantiation_error for
%   an unbound Move.
move(State0, Move, State) :-
    must_be(ground, Move),
    Move = place(Colour, Row, N),
    atom(Colour),
    atom(Row),
    colour_index(Colour, I),
    cell(Row, N, Bit),
    \+ game_over(State0, _),
    place(State0, I, Bit, State).

%   place(+State0, +ColourIndex, +Bit, -State): the move, for a colour
%   with discs left and an empty cell Bit; fails otherwise.
place(state(Player, Discs0, Supply0, Won0), I, Bit, State) :-
    arg(I, Supply0, Left),
    Left > 0,
    Discs0 = discs(O, P, G),
    Cell is 1 << Bit,
    (O \/ P \/ G) /\ Cell =:= 0,
    add_disc(I, Cell, Discs0, Discs),
    take_disc(I, Supply0, Supply1),
    player_opponent(alliances, Player, Opponent),
    colour_index(Colour, I),
    Won0 = won(WO0, WP0, WG0),
    settle(orange, WO0, Player, Opponent, Colour, Cell, Discs, WO),
    settle(purple, WP0, Player, Opponent, Colour, Cell, Discs, WP),
    settle(green, WG0, Player, Opponent, Colour, Cell, Discs, WG),
    Won = won(WO, WP, WG),
    trophies(Won0, Won, Supply1, Supply),
    State = state(Opponent, Discs, Supply, Won).

add_disc(1, Cell, discs(O0, P, G), discs(O, P, G)) :- O is O0 \/ Cell.
add_disc(2, Cell, discs(O, P0, G), discs(O, P, G)) :- P is P0 \/ Cell.
add_disc(3, Cell, discs(O, P, G0), discs(O, P, G)) :- G is G0 \/ Cell.

take_disc(1, supply(O0, P, G), supply(O, P, G)) :- O is O0 - 1.
take_disc(2, supply(O, P0, G), supply(O, P, G)) :- P is P0 - 1.
take_disc(3, supply(O, P, G0), supply(O, P, G)) :- G is G0 - 1.

%   settle(+Colour, +Won0, +Mover, +Opponent, +Placed, +Cell, +Discs, -Won)
%
%   Won is who holds Colour after Mover placed a disc of colour Placed
%   on Cell. Invariant: before the move neither player is connected and
%   both could still connect, so only a disc the player may use can
%   connect it (through Cell), and only one they may not use can fence
%   them off.
settle(Colour, Won0, Mover, Opponent, Placed, Cell, Discs, Won) :-
    (   Won0 \== none
    ->  Won = Won0
    ;   connects(Mover, Colour, Placed, Cell, Discs)
    ->  Won = connection(Mover)
    ;   connects(Opponent, Colour, Placed, Cell, Discs)
    ->  Won = connection(Opponent)
    ;   fenced(Opponent, Colour, Placed, Cell, Discs)
    ->  Won = fence(Mover)
    ;   fenced(Mover, Colour, Placed, Cell, Discs)
    ->  Won = fence(Opponent)
    ;   Won = none
    ).

%   usable(+Player, +Colour, +Disc): Player may use discs of colour
%   Disc to connect Colour.
usable(_, Colour, Colour) :-
    !.                                  % green: ally/3 never maps to itself
usable(Player, Colour, Disc) :-
    ally(Player, Colour, Disc).

own_mask(Player, Colour, Discs, Own) :-
    ally(Player, Colour, Ally),
    colour_mask(Colour, Discs, M1),
    colour_mask(Ally, Discs, M2),
    Own is M1 \/ M2.

colour_mask(orange, discs(O, _, _), O).
colour_mask(purple, discs(_, P, _), P).
colour_mask(green, discs(_, _, G), G).

connects(Player, Colour, Placed, Cell, Discs) :-
    usable(Player, Colour, Placed),
    own_mask(Player, Colour, Discs, Own),
    flood(Cell, Own, Chain),
    side_masks(Colour, A, B),
    Chain /\ A =\= 0,
    Chain /\ B =\= 0.

%   fenced(+Player, +Colour, +Placed, +Cell, +Discs): the disc on Cell
%   left Player no path for Colour. Only a disc Player may not use can
%   do that, and only if Cell was a cut: when the open cells (empty or
%   usable) around Cell form one unbroken arc, any path through Cell can
%   go round it instead, so the full search is needed only for a side
%   cell or an open ring broken in several arcs.
fenced(Player, Colour, Placed, Cell, Discs) :-
    \+ usable(Player, Colour, Placed),
    own_mask(Player, Colour, Discs, Own),
    empty_mask(Discs, Empty),
    Open is Own \/ Empty,
    side_masks(Colour, A, B),
    (   (A \/ B) /\ Cell =\= 0
    ->  true
    ;   open_arcs(Open, Cell, Arcs),
        Arcs > 1
    ),
    Seed is A /\ Open,
    \+ reaches(Seed, Open, B).

%   open_arcs(+Open, +Cell, -Arcs): the number of unbroken runs of cells
%   of Open among the 6 neighbours of Cell, taken round the ring (bit
%   offsets +1, -13, -14, -1, +13, +14 are consecutive neighbours).
open_arcs(Open, Cell, Arcs) :-
    ring_bit(Open, Cell << 1, N1),
    ring_bit(Open, Cell >> 13, N2),
    ring_bit(Open, Cell >> 14, N3),
    ring_bit(Open, Cell >> 1, N4),
    ring_bit(Open, Cell << 13, N5),
    ring_bit(Open, Cell << 14, N6),
    Arcs is (N1 /\ (1 - N6)) + (N2 /\ (1 - N1)) + (N3 /\ (1 - N2))
          + (N4 /\ (1 - N3)) + (N5 /\ (1 - N4)) + (N6 /\ (1 - N5)).

ring_bit(Open, Neighbour, Bit) :-
    (   Open /\ Neighbour =:= 0
    ->  Bit = 0
    ;   Bit = 1
    ).

%   trophies(+Won0, +Won, +Supply0, -Supply): one disc of each colour
%   newly won leaves the supply (if any is left).
trophies(won(O0, P0, G0), won(O, P, G), supply(SO0, SP0, SG0),
         supply(SO, SP, SG)) :-
    trophy(O0, O, SO0, SO),
    trophy(P0, P, SP0, SP),
    trophy(G0, G, SG0, SG).

trophy(Won0, Won, Left0, Left) :-
    (   Won0 == none,
        Won \== none,
        Left0 > 0
    ->  Left is Left0 - 1
    ;   Left = Left0
    ).

%!  colour_winner(+State, ?Colour, -Winner) is nondet.
%
%   Winner is the player holding Colour, or none.
colour_winner(state(_, _, _, Won), Colour, Winner) :-
    colour(Colour),
    colour_index(Colour, I),
    arg(I, Won, How),
    how_winner(How, Winner).

how_winner(none, none).
how_winner(connection(P), P).
how_winner(fence(P), P).

%   colours_held(+Won, +Player, -N)
colours_held(won(O, P, G), Player, N) :-
    foldl(count_held(Player), [O, P, G], 0, N).

count_held(Player, How, N0, N) :-
    (   how_winner(How, Player)
    ->  N is N0 + 1
    ;   N = N0
    ).

%!  game_over(+State, -Winner) is semidet.
%
%   Winner is the player holding two colours. A position where nobody
%   does and no disc can be placed would be a draw; no game reaches one
%   (see the module comment).
game_over(state(_, Discs, Supply, Won), Winner) :-
    (   colours_held(Won, p1, N1),
        N1 >= 2
    ->  Winner = p1
    ;   colours_held(Won, p2, N2),
        N2 >= 2
    ->  Winner = p2
    ;   empty_mask(Discs, Empty),
        (   Empty =:= 0
        ->  true
        ;   Supply = supply(0, 0, 0)
        )
    ->  Winner = draw
    ).


                 /*******************************
                 *         EVALUATION           *
                 *******************************/

%!  colour_distance(+State, +Player, +Colour, -Distance) is semidet.
%
%   Distance is the fewest empty cells Player must still fill to connect
%   Colour: cells of Colour and of its ally for Player cost 0, empty
%   cells 1, other cells cannot be crossed. Fails when there is no such
%   path (only for a colour already held).
colour_distance(State, Player, Colour, Distance) :-
    distance_masks(State, Player, Colour, Own, Empty, A, B),
    distance(Own, Empty, A, B, Distance).

distance_masks(state(_, Discs, _, _), Player, Colour, Own, Empty, A, B) :-
    own_mask(Player, Colour, Discs, Own),
    empty_mask(Discs, Empty),
    side_masks(Colour, A, B).

%   distance(+Own, +Empty, +SideA, +SideB, -Distance): layered 0-1 BFS
%   on bitsets: Reach is every cell reachable from SideA with at most K
%   empty cells.
distance(Own, Empty, A, B, Distance) :-
    first_layer(Own, A, Reach),
    distance(Reach, Own, Empty, A, B, 0, Distance).

distance(Reach, Own, Empty, A, B, K, Distance) :-
    (   Reach /\ B =\= 0
    ->  Distance = K
    ;   next_layer(Reach, Own, Empty, A, Reach1),
        K1 is K + 1,
        distance(Reach1, Own, Empty, A, B, K1, Distance)
    ).

%   first_layer(+Own, +A, -Reach): the cells of Own joined to side A
%   through cells of Own.
first_layer(Own, A, Reach) :-
    Seed is A /\ Own,
    flood(Seed, Own, Reach).

%   next_layer(+Reach, +Own, +Empty, +A, -Reach1): Reach with the empty
%   cells next to it or on side A, and the cells of Own joined to those;
%   fails when there is no such empty cell.
next_layer(Reach, Own, Empty, A, Reach1) :-
    grow(Reach, Grown),
    Step is (Grown \/ A) /\ Empty /\ \ Reach,
    Step =\= 0,
    Seed is Reach \/ Step,
    Mask is Own \/ Seed,
    flood(Seed, Mask, Reach1).

%   far_distance(+Own, +Empty, +A, +B, -L): distance/5, or 30 (more
%   than any path) when there is none.
far_distance(Own, Empty, A, B, L) :-
    (   distance(Own, Empty, A, B, L0)
    ->  L = L0
    ;   L = 30
    ).

%!  value(+State, +Player, -Value) is det.
%
%   10000 for a won game, -10000 for a lost one; otherwise
%   400 x (colours held - colours the opponent holds) plus, for every
%   colour nobody holds, (9 - L)^3 - (9 - L')^3 with L and L' the
%   colour_distance/4 of Player and of the opponent. Throws
%   domain_error(alliances_player, Player) for anything but p1 or p2.
value(State, Player, Value) :-
    (   player_opponent(alliances, Player, Opponent)
    ->  true
    ;   domain_error(alliances_player, Player)
    ),
    (   game_over(State, Winner)
    ->  (   Winner == Player
        ->  Value = 10000
        ;   Winner == Opponent
        ->  Value = -10000
        ;   Value = 0
        )
    ;   State = state(_, _, _, Won),
        colours_held(Won, Player, Mine),
        colours_held(Won, Opponent, Theirs),
        V0 is 400 * (Mine - Theirs),
        foldl(open_colour_value(State, Player, Opponent), [orange, purple, green],
              V0, Value)
    ).

open_colour_value(State, Player, Opponent, Colour, V0, V) :-
    (   colour_winner(State, Colour, none)
    ->  distance_or_far(State, Player, Colour, L1),
        distance_or_far(State, Opponent, Colour, L2),
        V is V0 + (9 - L1)^3 - (9 - L2)^3
    ;   V = V0
    ).

distance_or_far(State, Player, Colour, L) :-
    distance_masks(State, Player, Colour, Own, Empty, A, B),
    far_distance(Own, Empty, A, B, L).


                 /*******************************
                 *             AI               *
                 *******************************/

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   Level 1 plays at random; level 2 greedily on value/3 (the course
%   "hard" AI's score); level 3 and up search two plies with alpha-beta,
%   scoring both connections and fences, stopping after 1.8 s of wall
%   time at most (greedy_move/2 and search_move/2 of
%   ai/alliances_search.pl). Fails when the game is over.
choose_move(State, Level, Move) :-
    level_move(alliances, State, Level, greedy_move, search_move, Move).

search_move(State, _Level, Move) :-
    search_move(State, Move).


                 /*******************************
                 *          NOTATION            *
                 *******************************/

%!  move_text(?Move, ?Text) is semidet.
%
%   Text is the colour letter (O, P, G) and the cell, `Og6`. Reading is
%   case-insensitive (`og6`, `OG6`); numbers have no leading zero.
move_text(Move, Text) :-
    (   nonvar(Move)
    ->  Move = place(Colour, Row, N),
        once(move_name(Colour, Row, N, Text))
    ;   atom(Text),
        move_name(Colour, Row, N, Text)
    ->  Move = place(Colour, Row, N)
    ;   move_syntax(Text, Colour, Row, N),
        cell(Row, N, _),
        Move = place(Colour, Row, N)
    ).

%   move_syntax(+Text, -Colour, -Row, -Number): Text reads as a colour
%   letter, a row letter and a number, on the board or not.
move_syntax(Text, Colour, Row, N) :-
    (   atom(Text)
    ;   string(Text)
    ),
    !,                                  % green: a type test
    downcase_atom(Text, Lower),
    atom_codes(Lower, [C, R|Digits]),
    char_code(Letter0, C),
    upcase_atom(Letter0, Letter),
    colour_letter(Colour, Letter),
    Digits = [D0|_],
    D0 \== 0'0,
    maplist([D]>>code_type(D, digit), Digits),
    number_codes(N, Digits),
    char_code(Row, R),
    row_letters(Rows),
    memberchk(Row, Rows).

%   misnamed_part(+Text, -Reason): Text has the shape of a move, a
%   letter, a letter and a number, but the colour or the row is not one.
misnamed_part(Text, Reason) :-
    (   atom(Text)
    ;   string(Text)
    ),
    !,                                  % green: a type test
    downcase_atom(Text, Lower),
    atom_codes(Lower, [C, R|Digits]),
    Digits = [_|_],
    maplist([D]>>code_type(D, digit), Digits),
    code_type(C, alpha),
    code_type(R, alpha),
    char_code(Letter0, C),
    upcase_atom(Letter0, Letter),
    char_code(Row, R),
    (   \+ colour_letter(_, Letter)
    ->  format(string(Reason),
               "~w is not a colour: a move starts with O (orange), \c
                P (purple) or G (green), e.g. Og6", [Letter])
    ;   row_letters(Rows),
        \+ memberchk(Row, Rows)
    ->  format(string(Reason),
               "row ~w is not on the board: rows go from a (top) to m \c
                (bottom)", [Row])
    ).

cell_name(Row, N, Name) :-
    format(atom(Name), "~w~w", [Row, N]).

%!  move_description(+State, +Move, -Text) is det.
%
%   "orange at g6", followed by the colours the move settles:
%   "orange at g6, p1 wins orange".
move_description(State, Move, Text) :-
    Move = place(Colour, Row, N),
    format(string(Base), "~w at ~w~w", [Colour, Row, N]),
    (   move(State, Move, State1),
        settled(State, State1, Gains),
        Gains \== []
    ->  atomic_list_concat(Gains, ', ', Tail),
        format(string(Text), "~s, ~w", [Base, Tail])
    ;   Text = Base
    ).

%!  move_outcome(+State0, +Move, +State, -Text) is semidet.
%
%   The colours the move settled and how: "p2 wins green (fence)",
%   "p1 wins orange (connection) and purple (fence)"; fails when it
%   settled none.
move_outcome(State0, _Move, State, Text) :-
    findall(P-Won,
            ( colour(C),
              colour_winner(State0, C, none),
              State = state(_, _, _, Wons),
              colour_index(C, I),
              arg(I, Wons, How),
              how_winner(How, P),
              P \== none,
              functor(How, Way, 1),
              format(atom(Won), "~w (~w)", [C, Way])
            ),
            Gains),
    Gains = [P-_|_],
    findall(W, member(P-W, Gains), Mine),
    atomic_list_concat(Mine, ' and ', Colours),
    (   member(Q-_, Gains), Q \== P
    ->  findall(W, member(Q-W, Gains), Theirs),
        atomic_list_concat(Theirs, ' and ', Others),
        format(string(Text), "~w wins ~w; ~w wins ~w", [P, Colours, Q, Others])
    ;   format(string(Text), "~w wins ~w", [P, Colours])
    ).

settled(State0, State, Gains) :-
    findall(Gain,
            ( colour(C),
              colour_winner(State0, C, none),
              colour_winner(State, C, P),
              P \== none,
              format(atom(Gain), "~w wins ~w", [P, C])
            ),
            Gains).

%!  illegal_move_reason(+State, +Text, -Reason) is semidet.
%
%   Why Text is not a valid move: the game is over, it is not a move,
%   the cell is not on the board, it is occupied, or the colour has no
%   discs left. Fails for a valid move.
illegal_move_reason(State, Text, Reason) :-
    (   game_over(State, _)
    ->  Reason = "the game is over"
    ;   \+ move_syntax(Text, _, _, _),
        misnamed_part(Text, Reason0)
    ->  Reason = Reason0
    ;   \+ move_syntax(Text, _, _, _)
    ->  format(string(Reason),
               "'~w' is not a move: type a colour letter (O orange, \c
                P purple, G green) and a cell, e.g. Og6", [Text])
    ;   move_syntax(Text, _, Row, N),
        \+ cell(Row, N, _)
    ->  aggregate_all(max(K), cell(Row, K, _), Last),
        format(string(Reason),
               "~w~w is not on the board (row ~w has cells 1 to ~w)",
               [Row, N, Row, Last])
    ;   move_syntax(Text, _, Row, N),
        cell(Row, N, Bit),
        State = state(_, Discs, _, _),
        disc_at(Discs, Bit, Occupant)
    ->  format(string(Reason), "~w~w is occupied (~w)", [Row, N, Occupant])
    ;   move_syntax(Text, Colour, _, _),
        colour_index(Colour, I),
        State = state(_, _, Supply, _),
        arg(I, Supply, 0)
    ->  format(string(Reason), "no ~w discs left", [Colour])
    ).

%   disc_at(+Discs, +Bit, -Colour) is semidet.
disc_at(Discs, Bit, Colour) :-
    colour(Colour),
    colour_mask(Colour, Discs, Mask),
    Mask /\ (1 << Bit) =\= 0,
    !.                                  % green: at most one colour per cell

%!  outcome_reason(+State, -Reason) is semidet.
%
%   "p1 holds orange (connection) and green (fence)"; fails while the
%   game goes on.
outcome_reason(State, Reason) :-
    game_over(State, Winner),
    (   Winner == draw
    ->  Reason = "no disc can be placed and nobody holds two colours"
    ;   State = state(_, _, _, Won),
        findall(Text,
                ( colour(C),
                  colour_index(C, I),
                  arg(I, Won, How),
                  how_winner(How, Winner),
                  functor(How, Way, 1),
                  format(atom(Text), "~w (~w)", [C, Way])
                ),
                Texts),
        atomic_list_concat(Texts, ' and ', Held),
        format(string(Reason), "~w holds ~w", [Winner, Held])
    ).

%!  rules(-Text) is det.
rules(Text) :-
    Text = "Connect the sides of a hexagon in three shared colours, each with \c
            an ally: whoever wins two colours wins.\n\c
            Players p1 (first) and p2 share a supply of 42 orange, 42 purple \c
            and 42 green discs. A move places a disc of any colour left on \c
            any empty cell. Each colour has two opposite sides of the \c
            hexagon (orange top and bottom, purple upper right and lower \c
            left, green upper left and lower right). A player wins a colour \c
            by joining its sides with a chain of that colour and its ally: \c
            p1 connects orange with orange+green, purple with purple+orange, \c
            green with green+purple; p2 orange with orange+purple, purple \c
            with purple+green, green with green+orange. A player left \c
            without any path for a colour (through empty cells and their two \c
            usable colours) loses it to the other. After a move the mover's \c
            connections count first, then the opponent's, then fences. A \c
            colour won takes one of its discs from the supply as a trophy. \c
            Whoever holds two colours wins.\n\c
            Notation: colour letter (O, P, G) and cell, row a..m from the \c
            top and number from the left: Og6, Pa1, Gm5.".


                 /*******************************
                 *           DISPLAY            *
                 *******************************/

%!  display_game(+State) is det.
display_game(State) :-
    display_game(State, []).

%!  display_game(+State, +Options) is det.
%
%   Draws the hexagon, rows a..m with their letters on both sides, empty
%   cells showing their number (in the colour of their side, if any) and
%   discs as O, P, G in their colour; under it each player's allies and
%   colours held, and the discs left. Options: last_move(Move) marks
%   that disc.
display_game(State, Options) :-
    option_value(Options, last_move, none, Last),
    (   Last = place(_, LastRow, LastN),
        cell(LastRow, LastN, LastBit0)
    ->  LastBit = LastBit0
    ;   LastBit = none
    ),
    State = state(Player, Discs, Supply, Won),
    format("~n"),
    display_edge(orange, -6),
    row_letters(Rows),
    forall(nth0(I, Rows, Row),
           ( R is I - 6,
             display_row(Discs, LastBit, Row, R)
           )),
    display_edge(orange, 6),
    format("~n"),
    forall(member(P, [p1, p2]), display_player(State, P)),
    Supply = supply(SO, SP, SG),
    format("   discs left: "),
    colour_text(orange, "orange ~w", [SO]),
    format(", "),
    colour_text(purple, "purple ~w", [SP]),
    format(", "),
    colour_text(green, "green ~w", [SG]),
    format("~n"),
    (   game_over(State, _)
    ->  outcome_reason(State, Reason),
        format("~n   game over: ~s~n", [Reason])
    ;   Won = won(_, _, _),
        format("~n   ~w to move~n", [Player])
    ).

%   Each cell takes 4 columns; a row is shifted by 2 columns per step
%   of R, so cell (Q, R) starts at column 2 * (2Q + R + 11) + 5.
cell_column(Q, R, Column) :-
    Column is 2 * (2 * Q + R + 11) + 5.

display_edge(Colour, R) :-
    findall(Q, cube_row_cell(R, Q), Qs),
    Qs = [First|_],
    last(Qs, Last),
    cell_column(First, R, C0),
    cell_column(Last, R, C1),
    Width is C1 - C0 + 3,
    length(Dashes, Width),
    maplist(=(0'-), Dashes),
    format("~t~*|", [C0]),
    colour_text(Colour, "~s", [Dashes]),
    format("~n").

cube_row_cell(R, Q) :-
    cell(_, _, Bit),
    cell_cube(Bit, Q, R, _).

display_row(Discs, LastBit, Row, R) :-
    findall(Q-Bit-N, ( cell(Row, N, Bit), cell_cube(Bit, Q, _, _) ), Cells),
    Cells = [Q0-_-_|_],
    last(Cells, Q1-_-_),
    cell_column(Q0, R, C0),
    LetterCol is C0 - 3,
    EdgeCol is C0 - 1,
    format("~t~*|~w~t~*|", [LetterCol, Row, EdgeCol]),
    row_edge(left, R),
    forall(member(Q-Bit-N, Cells),
           ( cell_column(Q, R, C),
             format("~t~*|", [C]),
             display_cell(Discs, LastBit, Bit, N)
           )),
    row_edge(right, R),
    cell_column(Q1, R, C1),
    RightCol is C1 + 5,
    format("~t~*|~w~n", [RightCol, Row]).

%   row_edge(+Side, +R): the side marker left or right of a row.
row_edge(Side, R) :-
    (   R < 0, R > -6
    ->  edge_marker(Side, upper, Colour, Mark)
    ;   R > 0, R < 6
    ->  edge_marker(Side, lower, Colour, Mark)
    ;   Colour = none
    ),
    (   Colour == none
    ->  format(" ")
    ;   colour_text(Colour, "~w", [Mark])
    ).

edge_marker(left, upper, green, '/').
edge_marker(right, upper, purple, '\\').
edge_marker(left, lower, purple, '\\').
edge_marker(right, lower, green, '/').

display_cell(Discs, LastBit, Bit, N) :-
    (   disc_at(Discs, Bit, Colour)
    ->  colour_letter(Colour, Letter),
        colour_style(Colour, Style0),
        (   Bit == LastBit
        ->  Style = [bold, negative|Style0],
            format(" "),
            ansi_format(Style, "~w", [Letter]),
            format(" ")
        ;   format(" "),
            ansi_format([bold|Style0], "~w", [Letter]),
            format(" ")
        )
    ;   format(atom(Number), "~t~w~2|~t~3|", [N]),
        (   side_colour(Bit, Colour)
        ->  colour_style(Colour, Style)
        ;   Style = [faint]
        ),
        ansi_format(Style, "~w", [Number])
    ).

side_colour(Bit, Colour) :-
    colour(Colour),
    side_masks(Colour, A, B),
    (A \/ B) /\ (1 << Bit) =\= 0,
    !.                                  % green: sides are disjoint

colour_style(orange, [fg8(208)]).
colour_style(purple, [fg8(135)]).
colour_style(green, [fg8(40)]).

colour_text(Colour, Format, Args) :-
    colour_style(Colour, Style),
    ansi_format(Style, Format, Args).

display_player(State, Player) :-
    format("   ~w  allies:", [Player]),
    forall(colour(C),
           ( ally(Player, C, A),
             format(" "),
             colour_text(C, "~w", [C]),
             format("+"),
             colour_text(A, "~w", [A])
           )),
    findall(C, colour_winner(State, C, Player), Held),
    format("  holds: "),
    (   Held == []
    ->  format("-")
    ;   forall(nth1(I, Held, C),
               ( (   I > 1
                 ->  format(", ")
                 ;   true
                 ),
                 colour_text(C, "~w", [C])
               ))
    ),
    format("~n").
