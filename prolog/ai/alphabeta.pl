:- module(alphabeta,
          [ alphabeta_move/4,         % +Game, +State, +Options, -Move
            alphabeta_search/4        % +Game, +State, +Options, -Result
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(library(option)).
:- use_module(library(rbtrees)).

/** <module> Alpha-beta search over the game contract

Negamax alpha-beta for any game module that follows the contract in
arena.pl: it calls only current_player/2, valid_moves/2, move/3,
game_over/2 and value/3 of the game. Leaves are scored by value/3 for the
player to move there; a finished game scores Mate plus the depth left (a
quicker win is better, a slower loss less bad), a draw 0.

Options:

  - depth(+D): search D plies (default 4); with seconds/1, the deepest
    iteration allowed (default 64)
  - seconds(+S): iterative deepening, depth 1, 2, ..., until S seconds of
    wall time have passed; the move of the deepest finished iteration is
    played (depth 1 always finishes). Stops early when an iteration saw
    every line to its end or found a forced result.
  - table(+Bool): a transposition table (default: true with seconds/1,
    false without): stored bounds cut searches short and each position's
    best move is searched first.
  - order(+How): move ordering. `value` (default): at nodes with two or
    more plies left, first the moves whose position value/3 rates best
    for the mover; `none`: the valid_moves/2 order; or a goal G such
    that call(G, State, Moves, Ordered) orders Moves (a game's cheap
    static order). A table's best move always comes first.

At the root, moves of equal value are told apart exactly and one of them
is picked at random, so that games between deterministic players vary.
The search state (table, node count) is threaded through the search as a
term: no global state.

    ?- alphabeta_move(tictactoe, state([x,x,e,o,o,e,e,e,e], x),
                      [depth(2)], Move).
    Move = 3.
*/

mate(1000000000).
infinity(1000000000000).

%!  alphabeta_move(+Game, +State, +Options, -Move) is semidet.
%
%   Move is a best move found by the search; fails when the game is over.

alphabeta_move(Game, State, Options, Move) :-
    alphabeta_search(Game, State, Options, Result),
    Result = result(Move, _, _, _).

%!  alphabeta_search(+Game, +State, +Options, -Result) is semidet.
%
%   Result = result(Move, Value, Depth, Nodes): the move, its value for the
%   player to move, the depth of the deepest finished iteration, and the
%   number of positions searched. Fails when the game is over.

alphabeta_search(Game, State, Options, Result) :-
    must_be(list, Options),
    Game:valid_moves(State, Moves),
    Moves \== [],
    option(order(Order), Options, value),
    must_be(callable, Order),
    (   option(seconds(Seconds), Options)
    ->  must_be(number, Seconds),
        (   Seconds >= 0
        ->  true
        ;   domain_error(nonneg_seconds, Seconds)
        ),
        option(depth(MaxDepth), Options, 64),
        must_be(positive_integer, MaxDepth),
        option(table(Table), Options, true),
        must_be(boolean, Table),
        get_time(Now),
        Deadline is Now + Seconds,
        Ctx = ctx(Game, Deadline, Order, Table),
        empty_acc(Acc0),
        deepen(1, MaxDepth, Ctx, State, none, Acc0, Result)
    ;   option(depth(Depth), Options, 4),
        must_be(positive_integer, Depth),
        option(table(Table), Options, false),
        must_be(boolean, Table),
        Ctx = ctx(Game, none, Order, Table),
        empty_acc(Acc0),
        root(Ctx, State, Depth, none, Move, Value, Acc0, Acc),
        Acc = acc(_, Nodes, _),
        Result = result(Move, Value, Depth, Nodes)
    ).

empty_acc(acc(TT, 0, false)) :-
    rb_empty(TT).

%   deepen(+Depth, +MaxDepth, +Ctx, +State, +Previous, +Acc0, -Result):
%   iterations from Depth on; Previous is the last finished one's result.
deepen(Depth, MaxDepth, Ctx, State, Previous, Acc0, Result) :-
    (   Previous = result(PrevMove, _, _, _)
    ->  Ctx1 = Ctx
    ;   PrevMove = none,
        no_deadline(Ctx, Ctx1)          % the first iteration always finishes
    ),
    Acc0 = acc(TT, Nodes0, _),
    catch(( root(Ctx1, State, Depth, PrevMove, Move, Value,
                 acc(TT, Nodes0, false), Acc),
            Done = true
          ),
          alphabeta_timeout,
          Done = false),
    (   Done == false
    ->  Result = Previous
    ;   Acc = acc(_, Nodes, Cut),
        This = result(Move, Value, Depth, Nodes),
        mate(Mate),
        (   (   Depth >= MaxDepth
            ;   Cut == false
            ;   abs(Value) >= Mate
            )
        ->  Result = This
        ;   Depth1 is Depth + 1,
            deepen(Depth1, MaxDepth, Ctx, State, This, Acc, Result)
        )
    ).

no_deadline(ctx(Game, _, Order, Table), ctx(Game, none, Order, Table)).

%   root(+Ctx, +State, +Depth, +FirstMove, -Move, -Value, +Acc0, -Acc):
%   every root move searched so that ties with the best are exact; Move
%   is a random one of the best.
root(Ctx, State, Depth, First, Move, Value, Acc0, Acc) :-
    Ctx = ctx(Game, _, _, _),
    Game:current_player(State, Player),
    Game:valid_moves(State, Moves0),
    random_permutation(Moves0, Moves1),
    order_children(Ctx, State, Player, 2, Moves1, Children1),
    first_child(First, Children1, Children),
    infinity(Inf),
    NegInf is -Inf,
    root_moves(Children, Ctx, Depth, NegInf, [], Scored, Acc0, Acc),
    max_member(Value-_, Scored),
    findall(M, member(Value-M, Scored), Best),
    random_member(Move, Best).

root_moves([], _, _, _, Scored, Scored, Acc, Acc).
root_moves([M-C|Children], Ctx, Depth, Best0, Scored0, Scored, Acc0, Acc) :-
    child_state(Ctx, M, C, S),
    infinity(Inf),
    Alpha is Best0 - 1,
    NAlpha is -Inf,
    NBeta is -Alpha,
    Depth1 is Depth - 1,
    negamax(Ctx, S, Depth1, NAlpha, NBeta, V1, Acc0, Acc1),
    V is -V1,
    Best1 is max(Best0, V),
    root_moves(Children, Ctx, Depth, Best1, [V-M|Scored0], Scored, Acc1, Acc).

%   negamax(+Ctx, +State, +Depth, +Alpha, +Beta, -Score, +Acc0, -Acc):
%   fail-soft alpha-beta; Score is for the player to move in State.
negamax(Ctx, State, Depth, Alpha, Beta, Score, Acc0, Acc) :-
    Ctx = ctx(Game, Deadline, _, Table),
    Acc0 = acc(TT0, Nodes0, Cut0),
    Nodes is Nodes0 + 1,
    check_time(Deadline),
    Game:current_player(State, Player),
    (   Game:game_over(State, Winner)
    ->  terminal_score(Winner, Player, Depth, Score),
        Acc = acc(TT0, Nodes, Cut0)
    ;   Depth =< 0
    ->  Game:value(State, Player, Score),
        Acc = acc(TT0, Nodes, true)
    ;   table_entry(Table, State, TT0, Key, Entry),
        (   table_cut(Entry, Depth, Alpha, Beta, Score, EntryCut)
        ->  either(Cut0, EntryCut, Cut),
            Acc = acc(TT0, Nodes, Cut)
        ;   Game:valid_moves(State, Moves),
            order_children(Ctx, State, Player, Depth, Moves, Children1),
            (   Entry = tt(_, _, _, _, TTMove, _)
            ->  first_child(TTMove, Children1, Children)
            ;   Children = Children1
            ),
            infinity(Inf),
            NegInf is -Inf,
            search_children(Children, Ctx, Depth, Alpha, Beta, NegInf, none,
                            Score, Move, acc(TT0, Nodes, false), Acc1),
            Acc1 = acc(TT1, Nodes1, SubCut),
            either(Cut0, SubCut, Cut),
            (   Table == true
            ->  bound_flag(Score, Alpha, Beta, Flag),
                rb_insert(TT1, Key, tt(State, Depth, Score, Flag, Move, SubCut), TT),
                Acc = acc(TT, Nodes1, Cut)
            ;   Acc = acc(TT1, Nodes1, Cut)
            )
        )
    ).

%   either(+Cut1, +Cut2, -Cut): true when either search met the horizon.
either(Cut1, Cut2, Cut) :-
    (   Cut1 == true
    ->  Cut = true
    ;   Cut = Cut2
    ).

search_children([], _, _, _, _, Best, Move, Best, Move, Acc, Acc).
search_children([M-C|Children], Ctx, Depth, Alpha, Beta, Best0, Move0,
                Best, Move, Acc0, Acc) :-
    child_state(Ctx, M, C, S),
    Depth1 is Depth - 1,
    NAlpha is -Beta,
    NBeta is -Alpha,
    negamax(Ctx, S, Depth1, NAlpha, NBeta, V1, Acc0, Acc1),
    V is -V1,
    (   V > Best0
    ->  Best1 = V,
        Move1 = M
    ;   Best1 = Best0,
        Move1 = Move0
    ),
    (   Best1 >= Beta
    ->  Best = Best1,
        Move = Move1,
        Acc = Acc1
    ;   Alpha1 is max(Alpha, Best1),
        search_children(Children, Ctx, Depth, Alpha1, Beta, Best1, Move1,
                        Best, Move, Acc1, Acc)
    ).

check_time(Deadline) :-
    (   Deadline == none
    ->  true
    ;   get_time(Now),
        Now > Deadline
    ->  throw(alphabeta_timeout)
    ;   true
    ).

terminal_score(Winner, Player, Depth, Score) :-
    mate(Mate),
    (   Winner == draw
    ->  Score = 0
    ;   Winner == Player
    ->  Score is Mate + Depth
    ;   Score is -(Mate + Depth)
    ).

%   table_entry(+Table, +State, +TT, -Key, -Entry): Key is the state's
%   hash; Entry its stored search, or none. Entries keep their state, so
%   that a hash collision is never taken for the position.
table_entry(Table, State, TT, Key, Entry) :-
    (   Table == true
    ->  term_hash(State, Key),
        (   rb_lookup(Key, Entry0, TT),
            arg(1, Entry0, Stored),
            Stored == State
        ->  Entry = Entry0
        ;   Entry = none
        )
    ;   Key = none,
        Entry = none
    ).

table_cut(tt(_, D, S, Flag, _, Cut), Depth, Alpha, Beta, S, Cut) :-
    D >= Depth,
    (   Flag == exact
    ->  true
    ;   Flag == lower
    ->  S >= Beta
    ;   S =< Alpha
    ).

bound_flag(Score, Alpha, Beta, Flag) :-
    (   Score =< Alpha
    ->  Flag = upper
    ;   Score >= Beta
    ->  Flag = lower
    ;   Flag = exact
    ).

%   order_children(+Ctx, +State, +Player, +Depth, +Moves, -Children):
%   Children are Move-Child pairs in search order: Child is made(S), S
%   the state after Move where the ordering made it, else lazy(State):
%   child_state/4 makes it when the move is searched (so that a cut-off
%   spares the moves after it).
order_children(ctx(Game, _, Order, _), State, Player, Depth, Moves, Children) :-
    (   Order == value
    ->  (   Depth >= 2
        ->  findall(Key-(M-S),
                    ( member(M, Moves),
                      Game:move(State, M, S),
                      Game:value(S, Player, V),
                      Key is -V
                    ),
                    Rated0),
            maplist(made_child, Rated0, Rated),
            keysort(Rated, Ascending),     % stable: ties keep their order
            pairs_values(Ascending, Children)
        ;   lazy_children(State, Moves, Children)
        )
    ;   Order == none
    ->  lazy_children(State, Moves, Children)
    ;   call(Order, State, Moves, Ordered),
        lazy_children(State, Ordered, Children)
    ).

lazy_children(State, Moves, Children) :-
    maplist(lazy_child(State), Moves, Children).

lazy_child(State, Move, Move-lazy(State)).

made_child(Key-(M-S), Key-(M-made(S))).

%   child_state(+Ctx, +Move, +Child, -State): the state after Move.
child_state(ctx(Game, _, _, _), Move, Child, State) :-
    (   Child = made(S)
    ->  State = S
    ;   Child = lazy(Parent),
        Game:move(Parent, Move, State)
    ).

first_child(Move, Children0, Children) :-
    (   Move \== none,
        selectchk(Move-S, Children0, Rest)
    ->  Children = [Move-S|Rest]
    ;   Children = Children0
    ).
