:- module(arena_ai_generic,
          [ generic_move/4,           % +Game, +State, +Level, -Move
            generic_move/5,           % +Game, +State, +Level, +Options, -Move
            set_search_workers/1,     % +N
            level_seconds/2,          % +Level, -Seconds
            checked_moves/3           % +State, +Moves, -Pool
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(assoc)).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(random)).
:- use_module('../arena').
:- use_module(mcts).
:- use_module(one_ply).

/** <module> A general AI for any game that follows the contract

For a game without a choose_move/3 of its own. It needs only players/1,
current_player/2, valid_moves/2, move/3 and game_over/2 (and value/3 at
level 2, when the game has one):

  - level 1: a random valid move;
  - level 2: one ply, safe: a move that wins at once; else, among the
    moves after which the opponent cannot win at once, the best on
    value/3 (random without it); within level_seconds(2, S);
  - every level from 2 up makes that check first (prolog/ai/one_ply.pl,
    which finds a threat and its block in few calls of slow rules) and
    searches in the time left; a check that could not finish says so
    in the note;
  - level 3 and up: first an exact solve of the remaining game tree
    (negamax with a table of solved positions) within a node budget and
    a quarter of the level's time; when the tree is larger than that, Monte Carlo
    tree search (prolog/ai/mcts.pl: MCTS-Solver, a win in one taken in
    playouts, a move that lets the opponent win at once proven lost, the
    tree kept from one move to the next; anti-decisive playouts are
    stronger per playout but cost more than they give within a level's
    time on a game file's rules, so they are not used) until the level's deadline,
    kept to the moves the solve proved best when it got that far.

Every level gives a valid move whenever one exists: a rule that fails or
throws an error during the search, a dead end (no valid moves in a game
that is not over) and a failing value/3 are scored or skipped, and the
level falls back to the one below it, down to a random move. The time of
a move is level_seconds/2, checked inside the search's loops.

A game whose positions repeat cannot be solved this way: the solve gives
up at the first repetition and the search decides.

    ?- generic_move(nim_raw, state([1,2],first), 3, M).
    M = take(2, 1).
*/

%!  level_seconds(+Level, -Seconds) is det.
%
%   The thinking time of a level: 0.25 s at level 3, doubling with each
%   level, at most 16 s; 0.25 s for level 2's checks.

level_seconds(Level, Seconds) :-
    (   Level =< 2
    ->  Seconds = 0.25
    ;   Seconds is min(16, 0.25 * 2 ** (Level - 3))
    ).

level_budget(Level, Budget) :-
    Budget is min(4_000_000, 20_000 * 2 ** (Level - 3)).

%!  set_search_workers(+N) is det.
%
%   The searches of levels 3 and up run N processes at once from now on
%   (mcts_search/4's workers(N): root parallelism); 1 at the start.

set_search_workers(N) :-
    must_be(between(1, 8), N),
    nb_setval(generic_ai_workers, N).

search_workers(N) :-
    (   nb_current(generic_ai_workers, N0)
    ->  N = N0
    ;   N = 1
    ).

%!  generic_move(+Game, +State, +Level, -Move) is semidet.
%
%   Fails when the game is over (no valid moves). Throws type_error
%   unless Level is a positive integer.

generic_move(Game, State, Level, Move) :-
    generic_move(Game, State, Level, [], Move).

%!  generic_move(+Game, +State, +Level, +Options, -Move) is semidet.
%
%   As generic_move/4. Options: seconds(S), the time to think instead of
%   the level's own (a share of the move time); max_seconds(S), that time
%   cut to S seconds; check_seconds(C), the time the check for a win in
%   one and a loss in one may take (default S: it comes first, and the
%   search gets what is left); value_seconds(V), the time by which the
%   moves are scored on value/3 where the check left no time to search
%   (default 1.1 C); note(-Note), '' or what the check could
%   not finish in time; the others are added to those of the level's
%   search (mcts_search/4: e.g. cutoff(K), bias(B)).

generic_move(Game, State, Level, Options, Move) :-
    get_time(Now),                      % the clock counts the listing too
    must_be(positive_integer, Level),
    must_be(list, Options),
    Game:valid_moves(State, Moves),
    Moves = [_|_],
    (   selectchk(seconds(Seconds0), Options, Options1)
    ->  must_be(number, Seconds0)
    ;   level_seconds(Level, Seconds0),
        Options1 = Options
    ),
    (   selectchk(max_seconds(Max), Options1, Options2)
    ->  must_be(number, Max),
        Seconds is min(Seconds0, Max)
    ;   Seconds = Seconds0,
        Options2 = Options1
    ),
    (   selectchk(check_seconds(Check0), Options2, Options3)
    ->  must_be(number, Check0),
        Check is max(Seconds, Check0)
    ;   Check = Seconds,
        Options3 = Options2
    ),
    (   selectchk(value_seconds(Value0), Options3, Options4)
    ->  must_be(number, Value0),
        ValueSeconds is max(Check, Value0)
    ;   ValueSeconds is 1.1 * Check,
        Options4 = Options3
    ),
    (   selectchk(note(Note), Options4, Extra)
    ->  true
    ;   Extra = Options4
    ),
    Deadline is Now + Seconds,
    CheckDeadline is Now + Check,
    ValueDeadline is Now + ValueSeconds,
    (   Level =:= 1
    ->  random_member(Move, Moves)
    ;   Moves = [Move0]
    ->  Move = Move0
    ;   fallback(level_of_move(Game, State, Level, Extra,
                               times(Deadline, CheckDeadline, ValueDeadline),
                               Move0, Note0))
    ->  Move = Move0
    ;   random_member(Move, Moves)
    ),
    (   var(Note0)
    ->  Note1 = ''
    ;   Note1 = Note0
    ),
    ignore(Note = Note1).

%   fallback(:Goal): Goal, or fail when it fails or throws an error (a
%   broken rule met during the search).
fallback(Goal) :-
    catch(Goal, error(_, _), fail),
    !.

level_of_move(Game, State, Level, Extra, Times, Move, Note) :-
    Times = times(Deadline, CheckDeadline, ValueDeadline),
    Game:current_player(State, Player),
    Game:valid_moves(State, Moves),
    findall(M-S1, ( member(M, Moves), Game:move(State, M, S1) ), Children),
    Children = [_|_],
    one_ply_check(Game, State, Children, CheckDeadline, Checked, Note),
    (   Checked = moves(Kept)
    ->  nb_setval(generic_ai_checked, checked(State, Kept))
    ;   true
    ),
    (   Checked = win(Move)
    ->  true
    ;   Checked = moves(SafeMoves),
        include(key_member_of(SafeMoves), Children, Safe),
        (   Safe = [Move0-_]
        ->  Move = Move0
        ;   Level >= 3,
            get_time(Now),
            Now < Deadline,
            fallback(searched_move(Game, State, Level, Extra, SafeMoves, Deadline, Move0))
        ->  Move = Move0
        ;   safe_move(Game, Player, Safe, ValueDeadline, Move)
        )
    ).

%!  checked_moves(+State, +Moves, -Pool) is det.
%
%   The moves of State that the last check for a loss in one kept, for a
%   move cut short by its clock during the search; Moves when there are
%   none.

checked_moves(State, Moves, Pool) :-
    (   nb_current(generic_ai_checked, checked(State0, Kept)),
        State0 =@= State,
        include(member_of(Moves), Kept, Pool0),
        Pool0 \== []
    ->  Pool = Pool0
    ;   Pool = Moves
    ).

member_of(List, X) :-
    memberchk(X, List).

key_member_of(Keys, Key-_) :-
    memberchk(Key, Keys).

%   safe_move(+Game, +Player, +Safe, +Deadline, -Move): the best of the
%   Move-State pairs Safe on value/3 where the game has one (random
%   among equals, and among all of them where value/3 fails; those
%   scored by Deadline where it comes first), else a random one.
safe_move(Game, Player, Safe, Deadline, Move) :-
    (   predicate_property(Game:value(_, _, _), defined),
        random_permutation(Safe, Shuffled),     % a share scored: a random share
        fallback(valued(Game, Player, Shuffled, Deadline, Scored)),
        Scored \== []
    ->  random_best(Scored, Move)
    ;   random_member(Move-_, Safe)
    ).

valued(Game, Player, Children, Deadline, Scored) :-
    findall(V-M,
            ( member(M-S1, Children),
              (   get_time(Now),
                  Now > Deadline
              ->  !, fail
              ;   true
              ),
              (   Game:game_over(S1, _)
              ->  V = 0                 % a draw: not a win, not a loss
              ;   Game:value(S1, Player, V0),
                  number(V0)
              ->  V = V0
              ;   V = -inf
              )
            ),
            Scored).

searched_move(Game, State, Level, Extra, SafeMoves, Deadline, Move) :-
    level_budget(Level, Budget),
    get_time(Now),
    SolveSeconds is (Deadline - Now) / 4,
    search_workers(Workers),
    (   Level >= 5
    ->  Settle = false                  % levels 5 and up use all their time
    ;   Settle = true
    ),
    long_game_cutoff(Game, State, Deadline, Extra, Cut),
    append(Extra, [ deadline(Deadline), decisive(true), reuse(true),
                    root_moves(SafeMoves), workers(Workers), settle(Settle)
                    | Cut ], Options),
    (   solve_moves(Game, State, Budget, SolveSeconds, Scored)
    ->  best_scored(Scored, Value, Bests),
        (   Value =:= 1
        ->  winning_move(Game, State, Bests, Move)
        ;   Bests = [Move0]
        ->  Move = Move0
        ;   mcts_move(Game, State, [seconds(1.0e9)|Options], Move0),
            (   memberchk(Move0, Bests)
            ->  Move = Move0
            ;   random_member(Move, Bests)
            )
        )
    ;   mcts_move(Game, State, [seconds(1.0e9)|Options], Move)
    ).

%   long_game_cutoff(+Game, +State, +Deadline, +Extra, -Cut): [cutoff(K)]
%   where the game has value/3 and a random game did not end within 200
%   plies (a race whose random playouts would not end within a move's
%   time, so that they tell the search nothing); else []. That random
%   game is played once a game, a tenth of each move's time at a time,
%   on from where the last move left it.
long_game_cutoff(Game, State, Deadline, Extra, Cut) :-
    (   memberchk(cutoff(_), Extra)
    ->  Cut = []
    ;   \+ predicate_property(Game:value(_, _, _), defined)
    ->  Cut = []
    ;   nb_current(generic_ai_long, probe(Game, Probe0))
    ->  long_probe(Game, Probe0, Deadline, Cut)
    ;   long_probe(Game, playing(State, 0), Deadline, Cut)
    ).

long_probe(Game, Probe0, Deadline, Cut) :-
    get_time(Now),
    ProbeEnd is Now + (Deadline - Now) / 10,
    (   Probe0 = playing(S0, N0)
    ->  catch(random_plies(Game, S0, N0, ProbeEnd, Probe), _, Probe = short)
    ;   Probe = Probe0
    ),
    nb_setval(generic_ai_long, probe(Game, Probe)),
    (   Probe == long
    ->  Cut = [cutoff(20)]
    ;   Cut = []
    ).

%   random_plies(+Game, +State, +N, +Deadline, -Probe): Probe is short
%   when the random game ended (or a rule failed), long past 200 plies,
%   else playing(State1, N1) at Deadline.
random_plies(Game, State, N, Deadline, Probe) :-
    (   Game:game_over(State, _)
    ->  Probe = short
    ;   N >= 200
    ->  Probe = long
    ;   get_time(Now),
        Now >= Deadline
    ->  Probe = playing(State, N)
    ;   Game:valid_moves(State, Moves),
        random_member(Move, Moves),
        Game:move(State, Move, State1)
    ->  N1 is N + 1,
        random_plies(Game, State1, N1, Deadline, Probe)
    ;   Probe = short
    ).

best_scored(Scored, Value, Bests) :-
    pairs_keys(Scored, Values),
    max_list(Values, Value),
    findall(M, member(Value-M, Scored), Bests).

%   winning_move: one that ends the game at once if any, else any.
winning_move(Game, State, Bests, Move) :-
    Game:current_player(State, Player),
    (   member(Move, Bests),
        Game:move(State, Move, State1),
        Game:game_over(State1, Player)
    ->  true
    ;   random_member(Move, Bests)
    ).

%   solve_moves(+Game, +State, +Budget, +Seconds, -ScoredMoves) is semidet.
%
%   ScoredMoves is Value-Move for every valid move of State, Value the
%   exact result for the player to move (1 win, 0 draw, -1 loss) with
%   best play from both sides. Fails when more than Budget positions
%   would have to be solved, when a position repeats, or after Seconds.

solve_moves(Game, State, Budget, Seconds, Scored) :-
    get_time(T0),
    Deadline is T0 + Seconds,
    Counter = count(0, Deadline),
    Game:current_player(State, Player),
    Game:valid_moves(State, Moves),
    empty_assoc(Memo0),
    catch(score_moves(Moves, Game, State, Player, Counter, Budget, Memo0, Scored),
          arena_generic_give_up,
          fail).

score_moves([], _, _, _, _, _, _, []).
score_moves([M|Ms], Game, State, Player, Counter, Budget, Memo0, [V-M|Scored]) :-
    Game:move(State, M, State1),
    child_value(Game, State1, Player, Counter, Budget, Memo0, Memo1, V),
    score_moves(Ms, Game, State, Player, Counter, Budget, Memo1, Scored).

%   child_value(+Game, +State, +Player, ..., -Value): Value of State for
%   Player (who moved into it).
child_value(Game, State, Player, Counter, Budget, Memo0, Memo, Value) :-
    (   Game:game_over(State, Winner)
    ->  Memo = Memo0,
        outcome_value(Winner, Player, Value)
    ;   Game:current_player(State, Mover),
        negamax(Game, State, Mover, Counter, Budget, Memo0, Memo, V),
        (   Mover == Player
        ->  Value = V
        ;   Value is -V
        )
    ).

outcome_value(Winner, Player, Value) :-
    (   Winner == Player
    ->  Value = 1
    ;   Winner == draw
    ->  Value = 0
    ;   Value = -1
    ).

negamax(Game, State, Mover, Counter, Budget, Memo0, Memo, Value) :-
    (   get_assoc(State, Memo0, Known)
    ->  (   Known == open
        ->  throw(arena_generic_give_up)     % a repetition
        ;   Value = Known,
            Memo = Memo0
        )
    ;   arg(1, Counter, N0),
        N is N0 + 1,
        (   N > Budget
        ->  throw(arena_generic_give_up)
        ;   nb_setarg(1, Counter, N)
        ),
        (   N /\ 7 =:= 0,
            get_time(Now),
            arg(2, Counter, Deadline),
            Now > Deadline
        ->  throw(arena_generic_give_up)
        ;   true
        ),
        put_assoc(State, Memo0, open, Memo1),
        Game:valid_moves(State, Moves),
        (   Moves == []
        ->  throw(arena_generic_give_up)    % a dead end: a broken rule
        ;   true
        ),
        best_value(Moves, Game, State, Mover, Counter, Budget, -2, Memo1, Memo2, Value),
        put_assoc(State, Memo2, Value, Memo)
    ).

best_value([], _, _, _, _, _, Best, Memo, Memo, Best).
best_value([M|Ms], Game, State, Mover, Counter, Budget, Best0, Memo0, Memo, Best) :-
    Game:move(State, M, State1),
    child_value(Game, State1, Mover, Counter, Budget, Memo0, Memo1, V),
    Best1 is max(Best0, V),
    (   Best1 =:= 1
    ->  Best = 1,                           % a win: no better value exists
        Memo = Memo1
    ;   best_value(Ms, Game, State, Mover, Counter, Budget, Best1, Memo1, Memo, Best)
    ).
