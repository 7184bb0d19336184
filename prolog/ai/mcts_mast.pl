:- module(arena_ai_mcts_mast,
          [ mast_playout/5,           % +Game, +Decisive, +Deadline, +State, -Winner
            mast_forget/0             % forget the move statistics
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(random)).

/** <module> Move-average sampling playouts (MAST) for the general search

A playout that prefers, with probability 1 - epsilon, the move whose
playouts have scored best so far for the player making it, whatever the
position (the move statistics of MAST, kept per player and move over
the playouts of one search: mcts_search/4 option mast(true) forgets them
when it starts); otherwise a random move. Decisive: a win in one is
taken. The clock is checked at every ply.

    mast_stat(Hash, Player-Move, Sum, Count)
*/

:- dynamic mast_stat/4.

epsilon(0.4).

%!  mast_forget is det.

mast_forget :-
    retractall(mast_stat(_, _, _, _)).

%!  mast_playout(+Game, +Decisive, +Deadline, +State, -Winner) is det.
%
%   Winner is the winner of a game played on from State (a player, or
%   draw also for a dead end or a refused move); the moves played update
%   the statistics. Throws mcts_out_of_time past Deadline.

mast_playout(Game, Decisive, Deadline, State, Winner) :-
    walk(Game, Decisive, Deadline, State, [], Played, Winner),
    update(Played, Winner).

walk(Game, Decisive, Deadline, State, Played0, Played, Winner) :-
    (   get_time(Now),
        Now > Deadline
    ->  throw(mcts_out_of_time)
    ;   true
    ),
    (   Game:game_over(State, Winner0)
    ->  Winner = Winner0,
        Played = Played0
    ;   Game:valid_moves(State, Moves),
        Moves \== []
    ->  Game:current_player(State, Player),
        (   Decisive == true
        ->  children(Moves, Game, State, Player, Pairs, Won)
        ;   Won = false,
            findall(M-none, member(M, Moves), Pairs)
        ),
        (   Won == true
        ->  Winner = Player,
            Played = Played0
        ;   Pairs == []
        ->  Winner = draw,
            Played = Played0
        ;   pick(Player, Pairs, Move-Known),
            (   Known = over(Winner0)
            ->  Winner = Winner0,
                Played = [Player-Move|Played0]
            ;   Known = s(State1)
            ->  walk(Game, Decisive, Deadline, State1, [Player-Move|Played0], Played, Winner)
            ;   Game:move(State, Move, State1)
            ->  walk(Game, Decisive, Deadline, State1, [Player-Move|Played0], Played, Winner)
            ;   Winner = draw,
                Played = Played0
            )
        )
    ;   Winner = draw,
        Played = Played0
    ).

%   children(+Moves, +Game, +State, +Player, -Pairs, -Won): Move-s(State1)
%   or Move-over(Winner) for every move move/3 takes; Won true (Pairs
%   then unfinished) when one of them wins for Player.
children([], _, _, _, [], false).
children([M|Ms], Game, State, Player, Pairs, Won) :-
    (   Game:move(State, M, State1)
    ->  (   Game:game_over(State1, W)
        ->  (   W == Player
            ->  Pairs = [],
                Won = true
            ;   Pairs = [M-over(W)|Pairs1],
                children(Ms, Game, State, Player, Pairs1, Won)
            )
        ;   Pairs = [M-s(State1)|Pairs1],
            children(Ms, Game, State, Player, Pairs1, Won)
        )
    ;   children(Ms, Game, State, Player, Pairs, Won)
    ).

%   pick(+Player, +Pairs, -Pair): epsilon-greedy on the moves' mean score
%   (0.5 for a move not played yet; ties go to the first).
pick(Player, Pairs, Pair) :-
    epsilon(E),
    (   random(X),
        X < E
    ->  random_member(Pair, Pairs)
    ;   foldl_best(Pairs, Player, none, -1.0, Pair)
    ).

foldl_best([], _, Best, _, Best).
foldl_best([M-K|Pairs], Player, Best0, Score0, Best) :-
    mean(Player, M, Score),
    (   Score > Score0
    ->  foldl_best(Pairs, Player, M-K, Score, Best)
    ;   foldl_best(Pairs, Player, Best0, Score0, Best)
    ).

mean(Player, Move, Score) :-
    term_hash(Player-Move, H),
    (   mast_stat(H, Player-Move, Sum, N)
    ->  Score is Sum / N
    ;   Score = 0.5
    ).

update([], _).
update([Player-Move|Played], Winner) :-
    (   Winner == Player
    ->  R = 1
    ;   Winner == draw
    ->  R = 0.5
    ;   R = 0
    ),
    term_hash(Player-Move, H),
    (   retract(mast_stat(H, Player-Move, Sum0, N0))
    ->  Sum is Sum0 + R,
        N is N0 + 1
    ;   Sum = R,
        N = 1
    ),
    assertz(mast_stat(H, Player-Move, Sum, N)),
    update(Played, Winner).
