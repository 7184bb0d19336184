:- module(arena_ai_alliances_search,
          [ greedy_move/2,            % +State, -Move
            search_move/2,            % +State, -Move
            node_info/3,              % +State, +Fences, -Info
            index_moves/3,            % +State, +Cells, -Moves
            child_distances/5,        % +Info, +ColourIndex, +Bit, +State, -Distances
            greedy_value/6,           % +Info, +ColourIndex, +Bit, +State, +Player, -Value
            player_info/6             % +Player, +Colour, +Discs, +Empty, +Fences, -Info
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(pairs)).
:- use_module('../arena').
:- use_module('../prefix').
:- use_module(clock, [within_move_time/2]).

/** <module> Alliances search: level 2's greedy play and level 3's alpha-beta

The levels 2 and up of prolog/games/alliances.pl, over its bitsets (see
there for the state term). The rules come from the game's exports,
called module-qualified: the game loads this module for choose_move/3,
not the reverse, and its value/3 does not use it. The other exports
are for the tests' checks of the shortcuts taken here.

    ?- alliances:initial_state([], S), search_move(S, Move).
*/

%!  greedy_move(+State, -Move) is semidet.
%
%   The move of greedy_move/3 of arena.pl (the highest value/3 for the
%   mover, at random among equals, a winning move first), with the
%   values of all moves computed from the distances of this position
%   (child_distances/5) rather than afresh.
greedy_move(State, Move) :-
    \+ alliances:game_over(State, _),
    State = state(Me, Discs, _, _),
    node_info(State, false, Info),
    alliances:empty_mask(Discs, Empty),
    index_moves(State, Empty, Moves),
    findall(V-(I-Bit),
            ( member(I-Bit, Moves),
              alliances:place(State, I, Bit, State1),
              greedy_value(Info, I, Bit, State1, Me, V)
            ),
            Scored),
    random_best(Scored, I-Bit),
    index_move(I, Bit, Move).

greedy_value(Info, I, Bit, State, Me, Value) :-
    (   alliances:game_over(State, Winner)
    ->  (   Winner == Me
        ->  Value = inf
        ;   Value = -inf
        )
    ;   child_distances(Info, I, Bit, State, Distances),
        State = state(_, _, _, Won),
        player_opponent(alliances, Me, Opponent),
        alliances:colours_held(Won, Me, Mine),
        alliances:colours_held(Won, Opponent, Theirs),
        V0 is 400 * (Mine - Theirs),
        foldl(distance_value(Me), Distances, V0, Value)
    ).

distance_value(Me, d(_, player(L1, _), player(L2, _)), V0, V) :-
    (   Me == p1
    ->  V is V0 + (9 - L1)^3 - (9 - L2)^3
    ;   V is V0 + (9 - L2)^3 - (9 - L1)^3
    ).

%!  search_move(+State, -Move) is semidet.
%
%   A two-ply alpha-beta search (the move,
%   then the opponent's best reply) over candidate moves: every colour
%   left on the empty cells of a shortest path, or of a shortest wall
%   that would fence a player off, of either player for a colour nobody
%   holds (node_info/3). At the root the 24 best by child_value/5 are
%   searched, then the moves on the cells where the opponent refuted
%   one. Leaves are scored by child_value/5.
search_move(State, Move) :-
    \+ alliances:game_over(State, _),
    get_time(T0),
    within_move_time(1.8, Seconds),
    Deadline is T0 + Seconds,
    node_info(State, true, Info),
    candidate_moves(State, Info, Cands0),
    random_permutation(Cands0, Cands),  % ties go at random
    findall(V-(I-Bit),
            ( member(I-Bit, Cands),
              alliances:place(State, I, Bit, State1),
              child_value(Info, I, Bit, State1, V)
            ),
            Scored),
    keysort(Scored, Ordered),           % the opponent's value: best first
    (   Ordered = [V1-Best0|_],
        V1 =< -90000
    ->  Best = Best0
    ;   pairs_values(Ordered, Root0),
        root_width(Width),
        first_n(Width, Root0, Root),
        Search0 = search(-1000000, none, [], 0),
        root_search(Root, State, Deadline, Search0, Search1),
        % also the moves on a cell where the opponent refuted a move:
        % those defend, which the static order may not see
        Search1 = search(_, _, _, Refuted),
        exclude(searched_or_off(Root, Refuted), Root0, Defences),
        root_search(Defences, State, Deadline, Search1, search(_, Best, _, _))
    ),
    Best = I-Bit,
    index_move(I, Bit, Move).

root_width(24).

searched_or_off(Root, Refuted, M) :-
    M = _-Bit,
    (   memberchk(M, Root)
    ->  true
    ;   Refuted /\ (1 << Bit) =:= 0
    ).

%   root_search(+Moves, +State, +Deadline, +Search0, -Search): the root
%   moves in turn. Search = search(Alpha, Best, Killers, Refuted): the
%   best value so far and its move, the opponent's latest best replies
%   and the bitset of the cells of every reply that refuted a move.
root_search([], _, _, Search, Search).
root_search([M|Ms], State, Deadline, Search0, Search) :-
    Search0 = search(Alpha, Best0, Killers, Refuted0),
    M = I-Bit,
    alliances:place(State, I, Bit, State1),
    reply_value(State1, Alpha, Killers, V, Reply, Killers1),
    (   V > Alpha
    ->  Alpha1 = V,
        Best1 = M
    ;   Alpha1 = Alpha,
        Best1 = Best0
    ),
    (   Reply = _-ReplyBit
    ->  Refuted is Refuted0 \/ (1 << ReplyBit)
    ;   Refuted = Refuted0
    ),
    Search1 = search(Alpha1, Best1, Killers1, Refuted),
    (   get_time(T),
        T > Deadline,
        Best1 \== none
    ->  Search = Search1
    ;   root_search(Ms, State, Deadline, Search1, Search)
    ).

%   reply_value(+State, +Alpha, +Killers, -Value, -Reply, -Killers1):
%   Value is the value for the player who just moved when the opponent
%   answers with its best candidate move Reply (none when the game is
%   over), trying Killers (replies that were best before) first; it
%   stops as soon as a reply brings Value to Alpha or below.
reply_value(State, _, Killers, Value, none, Killers) :-
    alliances:game_over(State, Winner),
    !,                                  % green: the game is over
    State = state(ToMove, _, _, _),
    (   Winner == ToMove
    ->  Value = -100000
    ;   Value = 100000
    ).
reply_value(State, Alpha, Killers, Value, Reply, Killers1) :-
    node_info(State, true, Info),
    candidate_moves(State, Info, Cands0),
    intersection(Killers, Cands0, Ks),
    subtract(Cands0, Ks, Rest),
    append(Ks, Rest, Cands),
    replies(Cands, State, Info, Alpha, 1000000, none, Value, Reply),
    (   Reply == none
    ->  Killers1 = Killers
    ;   delete(Killers, Reply, Others),
        first_n(2, [Reply|Others], Killers1)
    ).

replies([], _, _, _, V, R, V, R).
replies([M|Ms], State, Info, Alpha, V0, R0, V, R) :-
    M = I-Bit,
    alliances:place(State, I, Bit, State1),
    child_value(Info, I, Bit, State1, V1),
    (   V1 < V0
    ->  V2 = V1,
        R2 = M
    ;   V2 = V0,
        R2 = R0
    ),
    (   V2 =< Alpha
    ->  V = V2,
        R = R2
    ;   replies(Ms, State, Info, Alpha, V2, R2, V, R)
    ).

%   node_info(+State, +Fences, -Info): for every colour nobody holds,
%   colour(Colour, Player1, Player2), each player(L, Crit, F, FCrit):
%   L is the player's distance (colour_distance/4) and Crit the empty
%   cells on their shortest paths; F is the fewest discs the opponent
%   must still place to fence the player off (a wall of discs the player
%   may not use from one arc of arc_masks/3 to the other) and FCrit the
%   empty cells on those shortest walls. Fences = false leaves F none
%   and FCrit empty.
node_info(State, Fences, Info) :-
    State = state(_, Discs, _, Won),
    alliances:empty_mask(Discs, Empty),
    findall(colour(C, Info1, Info2),
            ( alliances:colour_index(C, CI),
              arg(CI, Won, none),
              player_info(p1, C, Discs, Empty, Fences, Info1),
              player_info(p2, C, Discs, Empty, Fences, Info2)
            ),
            Info).

player_info(Player, Colour, Discs, Empty, Fences, player(L, Crit, F, FCrit)) :-
    alliances:own_mask(Player, Colour, Discs, Own),
    alliances:side_masks(Colour, A, B),
    critical(Own, Empty, A, B, L, Crit),
    (   Fences == true
    ->  blocked_mask(Player, Colour, Discs, Blocked),
        alliances:arc_masks(Colour, Arc1, Arc2),
        critical(Blocked, Empty, Arc1, Arc2, F, FCrit)
    ;   F = none,
        FCrit = 0
    ).

%   blocked_mask(+Player, +Colour, +Discs, -Blocked): the discs Player
%   may not use for Colour: those of the opponent's ally for it.
blocked_mask(Player, Colour, Discs, Blocked) :-
    player_opponent(alliances, Player, Opponent),
    alliances:ally(Opponent, Colour, Third),
    alliances:colour_mask(Third, Discs, Blocked).

%   candidate_moves(+State, +Info, -Moves): index_moves/3 of the cells
%   on a shortest path or wall in Info (of every empty cell if none is).
candidate_moves(State, Info, Moves) :-
    foldl(info_cells, Info, 0, Cells0),
    (   Cells0 =:= 0
    ->  State = state(_, Discs, _, _),
        alliances:empty_mask(Discs, Cells)
    ;   Cells = Cells0
    ),
    index_moves(State, Cells, Moves).

%   index_moves(+State, +Cells, -Moves): ColourIndex-Bit for every
%   colour with discs left and every cell of the bitset Cells.
index_moves(state(_, _, Supply, _), Cells, Moves) :-
    bits(Cells, Bits),
    findall(I-Bit,
            ( member(I, [1, 2, 3]),
              arg(I, Supply, Left),
              Left > 0,
              member(Bit, Bits)
            ),
            Moves).

%   index_move(+ColourIndex, +Bit, -Move): the move term.
index_move(I, Bit, place(Colour, Row, N)) :-
    alliances:colour_index(Colour, I),
    alliances:bit_cell(Bit, Row, N).

info_cells(colour(_, player(_, C1, _, F1), player(_, C2, _, F2)), Cells0, Cells) :-
    Cells is Cells0 \/ C1 \/ C2 \/ F1 \/ F2.

bits(Mask, Bits) :-
    (   Mask =:= 0
    ->  Bits = []
    ;   Bit is lsb(Mask),
        Bits = [Bit|Bits1],
        Mask1 is Mask xor (1 << Bit),
        bits(Mask1, Bits1)
    ).

%   critical(+Own, +Empty, +A, +B, -L, -Crit): L is the distance from
%   side A to side B (cells of Own cost 0, of Empty 1) and Crit the empty
%   cells on some path of that length: the cells K empty cells from A
%   (themselves included) and L+1-K from B. A distance of 30 and no
%   cells when there is no path.
critical(Own, Empty, A, B, L, Crit) :-
    (   layers(Own, Empty, A, B, LayersA)
    ->  layers(Own, Empty, B, A, LayersB),
        exact(LayersA, 0, [_|FromA]),
        exact(LayersB, 0, [_|FromB0]),
        length(FromA, L),
        reverse(FromB0, FromB),
        foldl(critical_layer(Empty), FromA, FromB, 0, Crit)
    ;   L = 30,
        Crit = 0
    ).

critical_layer(Empty, FromA, FromB, Crit0, Crit) :-
    Crit is Crit0 \/ (FromA /\ FromB /\ Empty).

%   layers(+Own, +Empty, +A, +B, -Layers): Layers are the sets of cells
%   reachable from A with at most 0, 1, .. L empty cells, up to the
%   first that meets B. Fails when none does.
layers(Own, Empty, A, B, Layers) :-
    alliances:first_layer(Own, A, Reach),
    layers(Reach, Own, Empty, A, B, Layers).

layers(Reach, Own, Empty, A, B, [Reach|Layers]) :-
    (   Reach /\ B =\= 0
    ->  Layers = []
    ;   alliances:next_layer(Reach, Own, Empty, A, Reach1),
        layers(Reach1, Own, Empty, A, B, Layers)
    ).

exact([], _, []).
exact([R|Rs], Prev, [E|Es]) :-
    E is R /\ \ Prev,
    exact(Rs, R, Es).

%   child_value(+Info, +ColourIndex, +Bit, +State, -Value): the value of
%   State, reached by that disc from the position Info describes (with
%   fences), for the player to move in State. For each colour nobody
%   holds, a player is D = min(L, F') moves from winning it: L to
%   connect, F' to fence the other player off. Scores: 100000 for a won
%   game; 1000 per colour held; a colour the player to move wins at once
%   (D = 1) 900, one the other player wins whatever is played (D = 1
%   with two or more gaps to fill) -900; else (9 - D)^3 - (9 - D')^3.
child_value(Info, I, Bit, State, Value) :-
    State = state(P, Discs, _, Won),
    player_opponent(alliances, P, O),
    (   alliances:game_over(State, Winner)
    ->  (   Winner == P
        ->  Value = 100000
        ;   Value = -100000
        )
    ;   child_distances(Info, I, Bit, State, Distances),
        alliances:empty_mask(Discs, Empty),
        foldl(colour_value(P, O, Discs, Empty), Distances,
              s(0, 0, 0), s(Sum, Takes, Lost)),
        alliances:colours_held(Won, P, HP),
        alliances:colours_held(Won, O, HO),
        (   Takes > 0,
            HP + 1 >= 2
        ->  Value = 90000
        ;   Lost > 0,
            HO + Lost >= 2
        ->  Value = -90000
        ;   Value is 1000 * (HP - HO) + Sum
        )
    ).

colour_value(P, O, Discs, Empty, d(C, D1, D2), s(S0, T0, U0), s(S, T, U)) :-
    (   P == p1
    ->  DP = D1,
        DO = D2
    ;   DP = D2,
        DO = D1
    ),
    DP = player(LP, FP),
    DO = player(LO, FO),
    Mine is min(LP, FO),
    Theirs is min(LO, FP),
    (   Mine =:= 1
    ->  S is S0 + 900,
        T is T0 + 1,
        U = U0
    ;   Theirs =:= 1,
        threat_gaps(O, P, C, LO, FP, Discs, Empty, Gaps),
        popcount(Gaps) >= 2
    ->  S is S0 - 900,
        T = T0,
        U is U0 + 1
    ;   S is S0 + (9 - Mine)^3 - (9 - Theirs)^3,
        T = T0,
        U = U0
    ).

%   threat_gaps(+O, +P, +Colour, +LO, +FP, +Discs, +Empty, -Gaps): the
%   empty cells where O wins Colour at once, connecting it (LO = 1) or
%   fencing P off (FP = 1).
threat_gaps(O, P, Colour, LO, FP, Discs, Empty, Gaps) :-
    (   LO =:= 1
    ->  alliances:own_mask(O, Colour, Discs, Own),
        alliances:side_masks(Colour, A, B),
        critical(Own, Empty, A, B, _, Gaps1)
    ;   Gaps1 = 0
    ),
    (   FP =:= 1
    ->  blocked_mask(P, Colour, Discs, Blocked),
        alliances:arc_masks(Colour, Arc1, Arc2),
        critical(Blocked, Empty, Arc1, Arc2, _, Gaps2)
    ;   Gaps2 = 0
    ),
    Gaps is Gaps1 \/ Gaps2.

%   child_distances(+Info, +ColourIndex, +Bit, +State, -Distances):
%   d(Colour, player(L1, F1), player(L2, F2)) for every colour nobody
%   holds in State, reached by that disc from the position Info
%   describes: the distances of p1 and p2 (F none without fences). A
%   disc off every shortest path changes none; on one, it shortens it
%   by one for a player who may use it, and the distance is computed
%   again for the other. The same goes for walls, with the disc
%   shortening them when the player may not use it.
child_distances(Info, I, Bit, State, Distances) :-
    State = state(_, Discs, _, Won),
    alliances:colour_index(Placed, I),
    Cell is 1 << Bit,
    alliances:empty_mask(Discs, Empty),
    foldl(child_distance(Placed, Cell, Discs, Empty, Won), Info, Distances, []).

child_distance(Placed, Cell, Discs, Empty, Won, colour(C, Info1, Info2),
               Distances, Distances0) :-
    alliances:colour_index(C, CI),
    (   arg(CI, Won, none)
    ->  new_distances(p1, C, Placed, Cell, Discs, Empty, Info1, D1),
        new_distances(p2, C, Placed, Cell, Discs, Empty, Info2, D2),
        Distances = [d(C, D1, D2)|Distances0]
    ;   Distances = Distances0
    ).

new_distances(Player, Colour, Placed, Cell, Discs, Empty,
              player(L0, Crit, F0, FCrit), player(L, F)) :-
    (   Crit /\ Cell =:= 0
    ->  L = L0
    ;   alliances:usable(Player, Colour, Placed)
    ->  L is L0 - 1
    ;   alliances:own_mask(Player, Colour, Discs, Own),
        alliances:side_masks(Colour, A, B),
        alliances:far_distance(Own, Empty, A, B, L)
    ),
    (   FCrit /\ Cell =:= 0
    ->  F = F0
    ;   \+ alliances:usable(Player, Colour, Placed)
    ->  F is F0 - 1
    ;   blocked_mask(Player, Colour, Discs, Blocked),
        alliances:arc_masks(Colour, Arc1, Arc2),
        alliances:far_distance(Blocked, Empty, Arc1, Arc2, F)
    ).
