:- module(arena_ai_connect4_search,
          [ search_move/3             % +State, +Level, -Move
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(pairs)).
:- use_module(library(rbtrees)).
:- use_module(clock, [move_time/1, within_move_time/2]).
:- reexport(connect4_bits, [bitboard_value/3]).
:- use_module(connect4_bits,
              [ state_bits/5, position_threats/7, threat_cells/4, safe_moves/3,
                evaluation/7
              ]).

/** <module> Connect Four search: alpha-beta over bitboards

The levels 3 and up of prolog/games/connect4.pl. The search reads the
game's state term (see connect4.pl) into bitboards (connect4_bits.pl,
which has the evaluation too) and never calls the game's predicates:
connect4.pl loads this module for choose_move/3, and its value/3 does
not use it.

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
%   depth within 1 s, and every level always finishes 4 plies only; so
%   does every level given a move time (ai/clock.pl), within 0.85 of it. A
%   win at once is always taken and, when the opponent threatens one,
%   blocked.
search_move(State, Level, Move) :-
    state_bits(State, G, Cur, Mask, N),
    G = geo(W, H, _, _, _, _, _, _, _),
    Left is W * H - N,
    level_depth(Left, Level, Depth),
    empty_table(Level, TT),
    move_time(T),
    (   Level =:= 3,
        W * H =< 42,
        T =:= 0
    ->  search_root(ctx(G, none), Cur, Mask, N, Depth, 0,
                    scored(Move, _, _), a(0, TT), _)
    ;   within_move_time(max(1, Level - 2), Seconds),
        (   W * H =< 42,
            T =:= 0
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
