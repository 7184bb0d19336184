:- module(arena_ai_sliding_solver,
          [ perfect_moves/2,          % +State, -Moves
            position_value/3          % +Board, +Player, -Value
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(assoc)).
:- use_module('../arena').

/** <module> Sliding tic-tac-toe solved by retrograde analysis

Every position of prolog/games/sliding.pl (a board and the player to
move, ignoring the ply limit) is labelled won, lost or drawn with its
distance to the end, once, when first asked. The positions repeat, so
a tabled negamax (ai/solver.pl) would not end. The moves come from the
game's own valid_moves/2 and move/3, called module-qualified: the game
loads this module for its choose_move/3, not the reverse. A position is
given to them as a state with no ply played of a limit of 1, so that
the limit never ends the game.

    ?- sliding:initial_state([], S), perfect_moves(S, Moves).
    Moves = [1, 2, 3, 4, 5, 6, 7, 8, 9].
*/

%!  perfect_moves(+State, -Moves) is det.
%
%   Moves are the moves of best value under the ply limit: the quickest
%   win if the mover can force one before the limit, else a draw (one that
%   leaves the opponent a lost position beyond the limit if there is one,
%   then an even one), else the slowest loss. [] when the game is over.
perfect_moves(State, Moves) :-
    sliding:valid_moves(State, Moves0),
    State = state(_, _, Plies, Max),
    Left is Max - Plies - 1,
    findall(Score-M,
            ( member(M, Moves0),
              sliding:move(State, M, state(Board1, Opponent, _, _)),
              position_value(Board1, Opponent, V1),
              move_score(V1, Left, Score)
            ),
            Scored),
    best_moves(Scored, Moves).

%   move_score(+OpponentValue, +PliesLeft, -Score): the worth of a move to
%   the mover, from the opponent's value after it.
move_score(loss(D), Left, Score) :-
    D =< Left,
    !,                                  % green: a win before the limit
    Score is 1000 - D.
move_score(win(D), Left, Score) :-
    D =< Left,
    !,                                  % green: a loss before the limit
    Score is D - 1000.
move_score(loss(_), _, 2).
move_score(draw, _, 1).
move_score(win(_), _, 0).

best_moves([], []).
best_moves(Scored, Moves) :-
    Scored = [_|_],
    pairs_keys(Scored, Scores),
    max_list(Scores, Best),
    findall(M, member(Best-M, Scored), Moves).

%!  position_value(+Board, +Player, -Value) is semidet.
%
%   The value of Board with Player to move, ignoring the ply limit:
%   win(N) when Player can force a line within N plies, loss(N) when the
%   opponent can (loss(0): the opponent has one), draw when neither can.
%   Fails for a board that cannot arise (more than three stones a side,
%   or stone counts that do not fit Player to move).
%
%   The first call solves every position at once; the most general call
%   is made first so that later calls are answered from its table.
position_value(Board, Player, Value) :-
    \+ \+ solved_position(_, _, _),
    solved_position(Board, Player, Value).

:- table solved_position/3 as subsumptive.

%   solved_position(?Board, ?Player, ?Value): every position with its
%   value, by retrograde analysis.
solved_position(Board, Player, Value) :-
    retrograde(Solved),
    member(Board-Player-Value, Solved).

%   retrograde(-Solved): Board-Player-Value for every position. Positions
%   are labelled by distance: after the finished ones (0), a position is
%   won in N (odd) when a move leads to a loss in N-1, and lost in N (even)
%   when every move leads to a win in less than N. Unlabelled at the end:
%   a draw.
retrograde(Solved) :-
    findall(Board-Player, position(Board, Player), Positions),
    maplist(position_node, Positions, Nodes),
    partition(finished_node, Nodes, Finished, Open),
    maplist(finished_label, Finished, Labels0),
    list_to_assoc(Labels0, Values0),
    label_passes(1, 0, Open, Values0, Values, Draws),
    assoc_to_list(Values, Labelled),
    maplist(draw_label, Draws, DrawLabels),
    append(Labelled, DrawLabels, Pairs),
    maplist(solved_triple, Pairs, Solved).

solved_triple((Board-Player)-Value, Board-Player-Value).

%   position(-Board, -Player): a board with at most three stones a side
%   and the player to move that its stone counts allow.
position(Board, Player) :-
    between(0, 3, NX),
    between(0, 3, NO),
    (   NX =:= NO,
        NX < 3
    ->  Player = x
    ;   NX =:= NO + 1
    ->  Player = o
    ;   NX =:= 3,
        NO =:= 3
    ->  member(Player, [x, o])
    ),
    NE is 9 - NX - NO,
    length(Board, 9),
    fill(Board, NX, NO, NE).

fill([], 0, 0, 0).
fill([x|Cs], NX, NO, NE) :-
    NX > 0,
    NX1 is NX - 1,
    fill(Cs, NX1, NO, NE).
fill([o|Cs], NX, NO, NE) :-
    NO > 0,
    NO1 is NO - 1,
    fill(Cs, NX, NO1, NE).
fill([e|Cs], NX, NO, NE) :-
    NE > 0,
    NE1 is NE - 1,
    fill(Cs, NX, NO, NE1).

%   position_node(+Position, -Node): node(Position, Outcome, Children),
%   Outcome the line owner or none.
position_node(Board-Player, node(Board-Player, Outcome, Children)) :-
    (   three_in_a_line(Board, Owner)
    ->  Outcome = Owner,
        Children = []
    ;   Outcome = none,
        Unlimited = state(Board, Player, 0, 1),
        sliding:valid_moves(Unlimited, Moves),
        findall(Board1-Opponent,
                ( member(M, Moves),
                  sliding:move(Unlimited, M, state(Board1, Opponent, _, _))
                ),
                Children)
    ).

finished_node(node(_, Outcome, _)) :-
    Outcome \== none.

finished_label(node(Board-Player, Owner, _), (Board-Player)-Value) :-
    (   Owner == Player
    ->  Value = win(0)
    ;   Value = loss(0)
    ).

draw_label(node(Position, _, _), Position-draw).

%   label_passes(+N, +Idle, +Open, +Values0, -Values, -Draws): label the
%   positions at distance N, N+1, ... until two passes in a row label
%   nothing; Draws are the nodes left open.
label_passes(N, Idle, Open, Values0, Values, Draws) :-
    (   Idle >= 2
    ->  Values = Values0,
        Draws = Open
    ;   foldl(label_node(N, Values0), Open, New, [], Rest0),
        partition(labelled_node, New, Labelled, _),
        reverse(Rest0, Rest),
        (   Labelled == []
        ->  Idle1 is Idle + 1
        ;   Idle1 = 0
        ),
        foldl(put_label, Labelled, Values0, Values1),
        N1 is N + 1,
        label_passes(N1, Idle1, Rest, Values1, Values, Draws)
    ).

%   label_node(+N, +Values, +Node, -Labelled, +Rest0, -Rest): Labelled is
%   Position-Value when Node is won (N odd) or lost (N even) at distance
%   N; otherwise Node stays in Rest.
label_node(N, Values, Node, Labelled, Rest0, Rest) :-
    Node = node(Position, _, Children),
    (   N mod 2 =:= 1,
        member(Child, Children),
        get_assoc(Child, Values, loss(_))
    ->  Labelled = Position-win(N),
        Rest = Rest0
    ;   N mod 2 =:= 0,
        maplist(won_child(Values), Children)
    ->  Labelled = Position-loss(N),
        Rest = Rest0
    ;   Labelled = open,
        Rest = [Node|Rest0]
    ).

won_child(Values, Child) :-
    get_assoc(Child, Values, win(_)).

labelled_node(Label) :-
    Label \== open.

put_label(Position-Value, Values0, Values) :-
    put_assoc(Position, Values0, Value, Values).

