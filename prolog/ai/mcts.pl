:- module(arena_ai_mcts,
          [ mcts_move/4,              % +Game, +State, +Options, -Move
            mcts_search/4             % +Game, +State, +Options, -Result
          ]).
:- reexport(mcts_reuse, [mcts_forget/0]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(library(option)).
:- use_module('../arena').
:- use_module(mcts_playout).
:- use_module(mcts_mast).
:- use_module(mcts_reuse).
:- use_module(mcts_parallel).

/** <module> Monte Carlo tree search over the game contract

UCT (UCB1 applied to trees) with random playouts, for any game module
that follows the contract in arena.pl: it calls only current_player/2,
valid_moves/2, move/3 and game_over/2 of the game. With MCTS-Solver
backups: a position whose result is known for sure (a finished game, a
move that wins by force, or one where every move loses by force) is
marked proven and never searched again, so that short endgames are
solved exactly rather than estimated.

The tree is an ordinary term rebuilt along the path of each iteration:

    Node = node(Visits, Wins, Status, Untried, Children, Prior)
    Wins     = the playout score of the player who moved into the node
               (1 a win, 0.5 a draw)
    Status   = open, win or loss: proven for that player
    Untried  = moves not yet expanded (shuffled), or terminal(Winner)
    Children = list of Move-Node
    Prior    = value/3 of the node for the player who moved into it,
               squashed into 0..1 (0.5 without progressive bias)

Options:

  - seconds(+S): wall time bound (default 1.0)
  - deadline(+T): stop at wall time T (get_time/1), if sooner
  - iterations(+N): at most N iterations (default no bound)
  - exploration(+C): the UCB1 constant (default 0.7)
  - playout(:Goal): call(Goal, State, Winner) plays State to the end
    and gives the winner (a player or draw); default: random moves
    through valid_moves/2 and move/3, checking the clock as it goes
  - decisive(+Bool): (default false) a new node whose player to move
    can win at once is proven at once (so a move that lets the opponent
    win at once is a proven loss), and the default playout takes a win
    in one whenever it has one
  - anti_decisive(+Bool): (default false) in the default playout, a
    random move after which the opponent can win at once is replaced by
    the opponent's winning move, where that is a valid move (in games
    that place pieces on cells it blocks the threat)
  - reuse(+Bool): (default false) start from the subtree of the last
    search's tree (kept per game) that matches State, two plies on or
    the same position, and keep the new tree for the next search (the
    search stops sooner by 1.5 x how late the last one ended)
  - root_moves(+Moves): search only these moves of State (those of
    them that are valid)
  - start_visits(-V): the visits of the root when the search began
    (non-zero when a tree was reused)
  - workers(+N): (default 1) N > 1: root parallelism, the same search
    run at once in a forked copy of this process (fork/1; never in a
    process that embeds Prolog in another program), whose root counts
    are added; an iteration bound holds for each copy
  - settle(+Bool): (default true) stop early when the most visited
    move cannot be overtaken in the time left; false: use all the time
  - searches(-K): the searches whose counts the result holds (2 when a
    copy's were added, 1 when it could not start or answer in time)
  - playout_decisive(+Bool): (default: as decisive) take a win in one
    in the default playout
  - mast(+Bool): (default false) playouts of move-average sampling
    (prolog/ai/mcts_mast.pl), decisive as playout_decisive says
  - cutoff(+K): where the game has value/3, a playout stops after K
    plies and scores its position with value/3 (default no cutoff)
  - bias(+B): where the game has value/3, progressive bias: a child's
    UCB1 score gains B * Prior / (Visits + 1), Prior its value/3 for the
    player who moved into it squashed into 0..1 (default 0: none)

value/3 is squashed by a logistic curve whose unit is the mean |value|
seen so far in the search; where it fails or throws the playout plays
on and the prior is 0.5. Measured on Connect Four (the built-in rules,
whose value/3 is costly) within level 3's time, neither won more games
than plain playouts, so the general AI's levels do not use them.

A position where the player to move has no valid moves but the game is
not over (a broken rule) and a move that move/3 refuses count as draws
in the search: it never fails while a valid move exists. Search stops
early when the root is proven or when the most visited move cannot be
overtaken in the time left.

    ?- mcts_move(tictactoe, state([x,x,e,o,o,e,e,e,e], x),
                 [iterations(500)], Move).
    Move = 3.
*/

:- meta_predicate
    mcts_move(+, +, :, -),
    mcts_search(+, +, :, -).

%!  mcts_move(+Game, +State, +Options, -Move) is semidet.
%
%   Move is the move the search finds best: one proven to win if any,
%   else the most visited among those not proven to lose. Fails when the
%   game is over.

mcts_move(Game, State, Options, Move) :-
    Game:valid_moves(State, Moves),
    (   Moves = [Move0]
    ->  Move = Move0
    ;   mcts_search(Game, State, Options, search(_, Children)),
        best_child(Children, Move)
    ).

%!  mcts_search(+Game, +State, +Options, -Result) is semidet.
%
%   Result = search(Iterations, Stats), Stats a list of
%   Move-stats(Visits, WinRate, Status) for the moves of State, WinRate
%   and Status for the player to move. Fails when the game is over.

mcts_search(Game, State, Module:Options, search(Iterations, Stats)) :-
    must_be(list, Options),
    option(seconds(Seconds), Options, 1.0),
    must_be(number, Seconds),
    option(iterations(Max), Options, inf),
    option(exploration(C), Options, 0.7),
    must_be(number, C),
    option(decisive(Decisive), Options, false),
    must_be(boolean, Decisive),
    option(reuse(Reuse), Options, false),
    must_be(boolean, Reuse),
    get_time(Start),
    Deadline0 is Start + Seconds,
    (   option(deadline(Deadline1), Options)
    ->  Deadline2 is min(Deadline0, Deadline1)
    ;   Deadline2 = Deadline0
    ),
    lateness(Reuse, Late0),
    Late is min(Late0, (Deadline2 - Start) / 4),  % never most of the time
    Deadline is Deadline2 - Late,
    option(cutoff(Cutoff), Options, inf),
    option(bias(BiasWeight), Options, 0),
    must_be(number, BiasWeight),
    (   ( Cutoff \== inf ; BiasWeight > 0 ),
        predicate_property(Game:value(_, _, _), defined)
    ->  Scale = scale(0, 0)               % running sum and count of |value|
    ;   Scale = none
    ),
    (   BiasWeight > 0,
        Scale \== none
    ->  Bias = bias(BiasWeight, Scale)
    ;   Bias = none
    ),
    (   option(playout(Playout0), Options)
    ->  strip_module(Module:Playout0, M, P),
        Playout = M:P
    ;   option(mast(true), Options)
    ->  mast_forget,
        option(playout_decisive(PlayDecisive), Options, Decisive),
        Playout = arena_ai_mcts_mast:mast_playout(Game, PlayDecisive, Deadline)
    ;   option(anti_decisive(Anti), Options, false),
        option(playout_decisive(PlayDecisive), Options, Decisive),
        (   Scale == none
        ->  Policy = policy(PlayDecisive, Anti, inf, none)
        ;   Policy = policy(PlayDecisive, Anti, Cutoff, Scale)
        ),
        Playout = arena_ai_mcts_playout:default_playout(Game, Policy, Deadline)
    ),
    Game:valid_moves(State, Moves0),
    (   option(root_moves(Only), Options)
    ->  include(member_of(Only), Moves0, Moves)
    ;   Moves = Moves0
    ),
    Moves = [_|_],
    Game:current_player(State, Player),
    player_opponent(Game, Player, Mover),
    Ctx = ctx(Game, C, Playout, Decisive, Bias),
    root_node(Reuse, Game, State, Moves, Root0),
    Root0 = node(StartVisits, _, _, _, _, _),
    ignore(option(start_visits(StartVisits), Options)),
    option(workers(Workers), Options, 1),
    must_be(positive_integer, Workers),
    option(settle(Settle), Options, true),
    must_be(boolean, Settle),
    (   Settle == true
    ->  Stop = stop(Start, Deadline, Max)
    ;   Stop = stop(none, Deadline, Max)
    ),
    Search = search(Ctx, State, Mover, Root0, Root, Stop, 0, Iterations0),
    (   Workers > 1
    ->  parallel_search(Search, Root0, Root, Deadline, Iterations0, Helper)
    ;   call(Search),
        Helper = none
    ),
    (   Reuse == true
    ->  keep_tree(Game, State, Root, Deadline)
    ;   true
    ),
    Root = node(_, _, _, _, Children, _),
    merged(Helper, Children, Iterations0, Merged, Iterations),
    (   Helper == none
    ->  Searches = 1
    ;   Searches = 2
    ),
    ignore(option(searches(Searches), Options)),
    maplist(child_stats, Merged, Stats0),
    msort(Stats0, Stats).

member_of(List, X) :-
    memberchk(X, List).

child_stats(Move-node(V, W, S, _, _, _), Move-stats(V, Rate, S)) :-
    Rate is W / max(1, V).

search(Ctx, State, Mover, Node0, Node, Stop, I0, I) :-
    (   stop(Node0, Stop, I0)
    ->  Node = Node0,
        I = I0
    ;   catch(iterate(Ctx, State, Mover, Node0, Node1, _),
              mcts_out_of_time,
              fail)
    ->  I1 is I0 + 1,
        search(Ctx, State, Mover, Node1, Node, Stop, I1, I)
    ;   Node = Node0,                   % the clock ran out in a playout
        I = I0
    ).

%   stop(+Node, +Stop, +I): Stop = stop(Start, Deadline, Max), Start
%   none where the search runs to its deadline even when settled.
stop(node(_, _, Status, Untried, Children, _), stop(Start, Deadline, Max), I) :-
    (   Status \== open
    ->  true
    ;   I >= Max
    ->  true
    ;   get_time(Now),
        Now >= Deadline
    ->  true
    ;   Start \== none,
        I > 0,
        I mod 64 =:= 0,
        Untried == [],
        settled(Children, Start, Deadline, I)
    ).

%   The most visited move is ahead of the next by more visits than the
%   iterations the time left allows at the rate so far.
settled(Children, Start, Deadline, I) :-
    get_time(Now),
    Left is (Deadline - Now) * I / max(1.0e-6, Now - Start),
    foldl(top_two, Children, 0-0, Best-Second),
    Best - Second > Left.

top_two(_-node(V, _, _, _, _, _), B0-S0, B-S) :-
    (   V > B0
    ->  B = V,
        S = B0
    ;   V > S0
    ->  B = B0,
        S = V
    ;   B = B0,
        S = S0
    ).

%   iterate(+Ctx, +State, +Mover, +Node0, -Node, -Winner): one
%   selection, expansion, playout and backup below Node0, whose state is
%   State, reached by a move of Mover. Winner is the playout's winner.
iterate(Ctx, State, Mover, node(V0, W0, S0, Untried0, Children0, H),
        node(V, W, S, Untried, Children, H), Winner) :-
    Ctx = ctx(Game, _, _, _, _),
    (   Untried0 = terminal(Winner)
    ->  Untried = Untried0,
        Children = Children0,
        S = S0
    ;   Untried0 = [Move|Untried]
    ->  Game:current_player(State, Player),
        (   Game:move(State, Move, State1)
        ->  new_node(Ctx, State1, Player, Child, Winner)
        ;   refused_node(Child, Winner)
        ),
        Children = [Move-Child|Children0],
        same(Player, Mover, Same),
        solved(Untried, Children, Same, S0, S)
    ;   Game:current_player(State, Player),
        select_child(Ctx, V0, Children0, Move),
        selectchk(Move-Child0, Children0, Move-Child, Children),
        (   Game:move(State, Move, State1)
        ->  iterate(Ctx, State1, Player, Child0, Child, Winner)
        ;   refused_node(Child, Winner)
        ),
        Untried = [],
        same(Player, Mover, Same),
        solved([], Children, Same, S0, S)
    ),
    V is V0 + 1,
    reward(Winner, Mover, R),
    W is W0 + R.

%   A move that move/3 refused though valid_moves/2 listed it: a draw.
refused_node(node(1, 0.5, open, terminal(draw), [], 0.5), draw).

new_node(Ctx, State, Mover, node(1, W, S, Untried, [], H), Winner) :-
    Ctx = ctx(Game, _, _, _, Bias),
    (   Game:game_over(State, Winner)
    ->  Untried = terminal(Winner),
        H = 0.5,
        (   Winner == Mover
        ->  S = win
        ;   Winner == draw
        ->  S = open
        ;   S = loss
        )
    ;   Game:valid_moves(State, Moves),
        prior(Bias, Game, State, Mover, H),
        expand(Moves, Ctx, State, Mover, S, Untried, Winner)
    ),
    reward(Winner, Mover, W).

%   expand(+Moves, +Ctx, +State, +Mover, -Status, -Untried, -Winner): a
%   new node that is not a finished game.
expand([], _, _, _, open, terminal(draw), draw) :-
    !.                                  % a dead end: a broken rule
expand(Moves, ctx(Game, _, Playout, true, _), State, Mover, S, Untried, Winner) :-
    Playout = arena_ai_mcts_playout:default_playout(Game, policy(true, Anti, Cutoff, Scale), Deadline),
    Anti \== true,
    Cutoff == inf,
    !,                                  % the decisive ply serves node and playout
    Game:current_player(State, Next),
    kids(Moves, Game, State, Next, Kids, Won),
    (   Won = won(Win),
        Next \== Mover
    ->  S = loss,                       % the player to move wins at once
        Untried = [Win],
        Winner = Next
    ;   S = open,
        random_permutation(Moves, Untried),
        (   Won = won(_)
        ->  Winner = Next
        ;   random_member(Kid, Kids)
        ->  (   Kid = over(Winner)
            ->  true
            ;   Kid = s(State1),
                playout(Game, p(true, false, Cutoff, Scale), Deadline, 2, State1, open, Winner)
            )
        ;   Winner = draw               % every move refused
        )
    ).
expand(Moves, ctx(Game, _, _, true, _), State, Mover, loss, [Win], Next) :-
    Game:current_player(State, Next),
    Next \== Mover,
    winning_move(Game, State, Next, Moves, Win),
    !.                                  % the player to move wins at once
expand(Moves, ctx(_, _, Playout, _, _), State, _, open, Untried, Winner) :-
    random_permutation(Moves, Untried),
    call(Playout, State, Winner).

%   prior(+Bias, +Game, +State, +Mover, -H): value/3 of State for Mover,
%   squashed into 0..1, for progressive bias (0.5 without it).
prior(none, _, _, _, 0.5).
prior(bias(_, Scale), Game, State, Mover, H) :-
    (   squashed_value(Game, State, Mover, Scale, H0)
    ->  H = H0
    ;   H = 0.5
    ).

same(Player, Mover, Same) :-
    (   Player == Mover
    ->  Same = true
    ;   Same = false
    ).

reward(Winner, Player, R) :-
    (   Winner = score(P, R0)
    ->  (   P == Player
        ->  R = R0
        ;   R is 1 - R0
        )
    ;   Winner == Player
    ->  R = 1
    ;   Winner == draw
    ->  R = 0.5
    ;   R = 0
    ).

%   solved(+Untried, +Children, +Same, +Status0, -Status): a child that
%   wins for the player to move here means this node loses for the player
%   who moved into it; all children (none untried) losing means it wins.
%   Same is true where both are one player (a turn of two moves, a pass
%   back): then a child's result is this node's.
solved(Untried, Children, Same, S0, S) :-
    (   memberchk(_-node(_, _, win, _, _, _), Children)
    ->  solved_for(Same, loss, S)
    ;   Untried == [],
        \+ ( member(_-node(_, _, CS, _, _, _), Children),
             CS \== loss
           )
    ->  solved_for(Same, win, S)
    ;   S = S0
    ).

solved_for(true, loss, win).
solved_for(true, win, loss).
solved_for(false, S, S).

%   The open child of highest UCB1 score (children proven lost are
%   never chosen; a node with a child proven won is never searched).
select_child(ctx(_, C, _, _, Bias), V, Children, Move) :-
    LogV is log(max(1, V)),
    (   Bias = bias(B, _)
    ->  true
    ;   B = 0
    ),
    foldl(ucb_best(C, B, LogV), Children, none-(-1.0e30), Move-_),
    Move \== none.

%   UCB1, plus progressive bias B * Prior / (Visits + 1) when B > 0.
ucb_best(C, B, LogV, Move-node(V, W, S, _, _, H), Best0-Score0, Best-Score) :-
    (   S == open,
        Score1 is W / V + C * sqrt(LogV / V) + B * H / (V + 1),
        Score1 > Score0
    ->  Best = Move,
        Score = Score1
    ;   Best = Best0,
        Score = Score0
    ).

best_child(Stats, Move) :-
    (   member(Move-stats(_, _, win), Stats)
    ->  true
    ;   findall(V-M, ( member(M-stats(V, _, S), Stats), S \== loss ), Open),
        Open = [_|_]
    ->  max_member(_-Move, Open)
    ;   findall(V-M, member(M-stats(V, _, _), Stats), All),
        max_member(_-Move, All)
    ).
