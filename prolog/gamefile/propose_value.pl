:- module(arena_gamefile_propose_value,
          [ value_text/3              % +Code, +Atoms, +Proposal
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(random)).
:- use_module(library(aggregate)).
:- use_module(propose_code).
:- use_module(propose_trial).
:- use_module(propose_record).
:- use_module('../prefix').

/** <module> The adapter proposal's value/3

How the game's own value (value/3, or value(State, Value)) answers as
the contract's value/3 (for either player, given the whole state, higher
where the player is better off): the part of the state it takes, the
player names it uses, and its sense, from won random games or, where
none is won in time (a race), from the moves the game's own level picks.
*/

%!  value_text(+Code, +Atoms, +Proposal) is det.
%
%   value/3 as the contract has it: for either player, given the whole
%   state.

value_text(Code, Atoms, Proposal) :-
    proposal_state(Proposal, S0),
    proposal_path(Proposal, Path),
    proposal_pattern(Proposal, Pattern),
    proposal_var(Proposal, Var),
    proposal_first(Proposal, P0),
    proposal_second(Proposal, P1),
    (   \+ defines(Code, value/3),
        defines(Code, value/2)
    ->  ignore(value2_text(Code, Atoms, Proposal))
    ;   defines(Code, value/3)
    ->  value_players(Code, Atoms, P0, P1, Map),
        (   Map == none
        ->  Pairs = [P0-P0, P1-P1],
            player_goal(Atoms, Q, N, PlayerGoal),
            (   Atoms == true -> InState = N ; InState = Q )
        ;   Pairs = Map,
            format("~n% GUESS: value/3 names the players otherwise~n"),
            forall(member(P-VP, Map), portray_clause(arena_value_player(P, VP))),
            PlayerGoal = arena_value_player(N, Q),
            InState = N
        ),
        (   forall(member(_-VP, Pairs), value_number(Code, S0, VP))
        ->  Shape = whole
        ;   sub_state(S0, SubPath),
            at_path(S0, SubPath, Sub),
            forall(member(_-VP, Pairs), value_number(Code, Sub, VP))
        ->  Shape = part(SubPath)
        ;   forall(member(P-VP, Pairs),
                   ( replace_at(S0, Path, P, SP0), value_number(Code, SP0, VP) ))
        ->  Shape = to_move
        ;   Shape = whole
        ),
        (   value_inverted(Code, Path, S0, Shape, Pairs, Why)
        ->  (   Why == won
            ->  format("~n% GUESS: value/3 is lower where the player is better off (a won state~n"),
                format("% has the winner's lower): the arena's is higher~n")
            ;   Why = level(L)
            ->  format("~n% GUESS: value/3 is lower where the player is better off (the game's~n"),
                format("% own level ~w picks the move of lowest value): the arena's is higher~n", [L])
            ),
            Inverted = true,
            Call = (value(X, Q, V0), V is -V0)
        ;   Inverted = false,
            Call = value(X, Q, V),
            (   Shape == whole, Atoms == true, Map == none
            ->  true
            ;   format("~n% GUESS: value/3 is higher where the player is better off~n")
            )
        ),
        (   Shape = part(SubPath1)
        ->  format("% GUESS: value/3 takes this part of the state (the board?)~n"),
            pattern(S0, SubPath1, X, Head),
            value_clause(arena_value(Head, N, V), PlayerGoal, Call)
        ;   Shape == to_move
        ->  format("% GUESS: value/3 answers for the player to move only: asked for~n"),
            format("% the other, the state is given with that player to move~n"),
            copy_term(Pattern-Var, Head-_),
            replace_at(Head, Path, InState, X),
            value_clause(arena_value(Head, N, V), PlayerGoal, Call)
        ;   ( Atoms == false ; Map \== none ; Inverted == true )
        ->  value_clause(arena_value(X, N, V), PlayerGoal, Call)
        ;   true
        )
    ;   true
    ).

%   value2_text(+Code, +Atoms, +Proposal):
%   value(State, Value) as value/3, its side and sense read from the
%   game's own level: the moves it picks have the lowest or highest
%   value/2 for the player who made them (then a player's value is that
%   of the state with the other to move), or for one player always.
%   Nothing where it tells neither.
value2_text(Code, Atoms, Proposal) :-
    proposal_state(Proposal, S0),
    proposal_path(Proposal, Path),
    (   value2_picks(Code, Path, S0, L, Picks)
    ->  (   value2_sense(Atoms, Proposal, L, Picks)
        ->  true
        ;   aggregate_all(count, member(_-lower, Picks), Lo),
            aggregate_all(count, member(_-higher, Picks), Hi),
            aggregate_all(count, member(_-between, Picks), Mid),
            format("~n% value(State, Value) left out: in a random game's first positions the~n"),
            format("% game's own level ~w picked the lowest value ~D times, the highest ~D, one~n",
                   [L, Lo, Hi]),
            format("% between ~D (the moves it picked by value/2, their sense unclear)~n", [Mid])
        )
    ;   format("~n% value(State, Value) left out: choose_move's clauses name no level above 1~n"),
        format("% to read its sense from~n")
    ).

value2_sense(Atoms, Proposal, L, Picks) :-
    proposal_path(Proposal, Path),
    proposal_pattern(Proposal, Pattern),
    proposal_var(Proposal, Var),
    proposal_first(Proposal, P0),
    proposal_second(Proposal, P1),
    Picks = [_, _|_],
    (   \+ memberchk(_-higher, Picks), \+ memberchk(_-between, Picks)
    ->  Side = mover, Low = true, Why = "the lowest value/2 for the player who moved"
    ;   \+ memberchk(_-lower, Picks), \+ memberchk(_-between, Picks)
    ->  Side = mover, Low = false, Why = "the highest value/2 for the player who moved"
    ;   \+ memberchk(P0-lower, Picks), \+ memberchk(P1-higher, Picks),
        \+ memberchk(_-between, Picks)
    ->  Side = P0, Low = false, Why = "the highest value/2 for one player, the lowest for the other"
    ;   \+ memberchk(P0-higher, Picks), \+ memberchk(P1-lower, Picks),
        \+ memberchk(_-between, Picks)
    ->  Side = P1, Low = false, Why = "the highest value/2 for one player, the lowest for the other"
    ),
    format("~n% GUESS: value/2 read as value/3: the game's own level ~w picks the~n", [L]),
    format("% move of ~s~n", [Why]),
    (   Low == true -> Sign = (V is -V0) ; Sign = (V = V0) ),
    (   Side == mover
    ->  format("% (a player's value: that of the state with the other player to move)~n"),
        copy_term(Pattern-Var, Head-_),
        replace_at(Head, Path, Other, X),
        (   Atoms == true
        ->  OtherGoal = once(( players(Ps), member(Other, Ps), Other \== P ))
        ;   OtherGoal = once(( arena_player(G, P), arena_player(Other, _), Other \== G ))
        ),
        portray_clause((arena_value(Head, P, V) :- OtherGoal, value(X, V0), Sign))
    ;   (   Atoms == true
        ->  Named = (P == Side)
        ;   Named = arena_player(Side, P)
        ),
        portray_clause((arena_value(S, P, V) :- value(S, V0), ( Named -> V = V0 ; V is -V0 )))
    ).

value_clause(Head, PlayerGoal, Call) :-
    (   PlayerGoal == true
    ->  portray_clause((Head :- Call))
    ;   portray_clause((Head :- PlayerGoal, Call))
    ).

player_goal(true, P, P, true).
player_goal(false, P, N, arena_player(P, N)).

%   value_inverted(+Code, +Path, +S0, +Shape, +Pairs, -Why): value/3
%   (asked as Shape says) is lower where a player is better off: in the
%   end of a few random games from S0 won by a player, lower for the
%   winner than for the loser (Why = won); where no random game is won in
%   time, the game's own level L picks the moves of lowest value
%   (Why = level(L)).
value_inverted(Code, Path, S0, Shape, Pairs, Why) :-
    (   won_values(Code, Path, S0, Shape, Pairs, VW, VL)
    ->  VW < VL,
        Why = won
    ;   greedy_picks(Code, Path, S0, Shape, Pairs, L, Lower, Higher),
        Lower >= 2,
        Higher =:= 0,
        Why = level(L)
    ).

won_values(Code, Path, S0, Shape, Pairs, VW, VL) :-
    get_time(T0),
    Deadline is T0 + 10,
    nb_setval(arena_propose_moves, 0),
    between(1, 4, _),
    playout_won(Code, Path, S0, Deadline, End, Winner),
    member(Winner-WV, Pairs),
    member(Loser-LV, Pairs),
    Loser \== Winner,
    shaped_value(Code, Path, End, Shape, Winner, WV, VW),
    shaped_value(Code, Path, End, Shape, Loser, LV, VL),
    !.

%   greedy_picks(+Code, +Path, +S0, +Shape, +Pairs, -L, -Lower, -Higher):
%   where no random game is won in time (a race), the game's own lowest
%   level L above 1 is asked for a move in the first positions of a
%   random game: Lower counts the picks whose state has the mover's
%   value/3 the lowest of all moves' (and not also the highest), Higher
%   the highest.
greedy_picks(Code, Path, S0, Shape, Pairs, L, Lower, Higher) :-
    greedy_level(Code, L),
    findall(Pick, ( random_positions(Code, Path, S0, 6, S),
                    at_path(S, Path, P),
                    memberchk(P-VP, Pairs),
                    greedy_pick(Code, Path, S, L, mover_value(Code, Path, Shape, P, VP), Pick) ),
            Picks),
    aggregate_all(count, member(lower, Picks), Lower),
    aggregate_all(count, member(higher, Picks), Higher).

%!  value2_picks(+Code, +Path, +S0, -L, -Picks) is semidet.
%
%   Fails where choose_move's clauses name no level above 1.
%
%   For a game with value(State, Value): the game's own level L asked
%   for a move in the first positions of a random game, Picks a list of
%   Player-Pick (Pick lower, higher or between: where value/2 of the
%   picked move's state lies among all moves'), Player the mover.
value2_picks(Code, Path, S0, L, Picks) :-
    greedy_level(Code, L),
    findall(P-Pick, ( random_positions(Code, Path, S0, 8, S),
                      at_path(S, Path, P),
                      greedy_pick(Code, Path, S, L, value2(Code), Pick) ),
            Picks).

value2(Code, S, V) :-
    quiet(Code:value(S, V)),
    number(V).

mover_value(Code, Path, Shape, P, VP, S, V) :-
    shaped_value(Code, Path, S, Shape, P, VP, V).

%   greedy_level(+Code, -L): the game's lowest level above 1, as its
%   choose_move's clauses name it: an integer, or a term holding one
%   (computer-L) with 2 in it.
greedy_level(Code, L) :-
    findall(T, greedy_level_term(Code, T), Ts),
    msort(Ts, [L|_]).

greedy_level_term(Code, T) :-
    (   code_clause(Code, choose_move(_, T0, _), _)
    ;   code_clause(Code, choose_move(_, _, T0, _), _)
    ;   code_clause(Code, choose_move(T0, _, _, _), _)
    ),
    (   integer(T0)
    ->  T0 >= 2,
        T = T0
    ;   compound(T0),
        term_variables(T0, [2])
    ->  T = T0
    ).

random_positions(Code, Path, S0, N, S) :-
    N > 0,
    at_path(S0, Path, P),
    moves(Code, S0, P, Ms),
    (   S = S0
    ;   random_member(M, Ms),
        takes(Code, S0, M, S1),
        \+ quiet(Code:game_over(S1, _)),
        N1 is N - 1,
        random_positions(Code, Path, S1, N1, S)
    ).

%   greedy_pick(+Code, +Path, +S, +L, :Value, -Pick): the game's level
%   L asked in S; Pick is lower, higher or between: where the value of
%   its move's state lies among all moves'.
greedy_pick(Code, Path, S, L, Value, Pick) :-
    at_path(S, Path, P),
    moves(Code, S, P, Ms0),
    first_n(200, Ms0, Ms),
    findall(V-M, ( member(M, Ms),
                   takes(Code, S, M, S1),
                   call(Value, S1, V) ),
            Scored),
    pairs_keys(Scored, Vs),
    min_list(Vs, Min),
    max_list(Vs, Max),
    Min < Max,
    level_move(Code, S, P, Ms, L, Move),
    memberchk(V-Move, Scored),
    (   V =:= Min -> Pick = lower
    ;   V =:= Max -> Pick = higher
    ;   Pick = between
    ).

%   level_move(+Code, +S, +P, +Ms, +L, -Move): the game's choose_move at
%   level L, in the first of its usual argument orders that gives one
%   of Ms.
level_move(Code, S, P, Ms, L, Move) :-
    (   defines(Code, choose_move/3),
        quiet(Code:choose_move(S, L, Move))
    ;   defines(Code, choose_move/4),
        (   quiet(Code:choose_move(S, P, L, Move))
        ;   quiet(Code:choose_move(L, S, Ms, Move))
        )
    ),
    memberchk(Move, Ms),
    !.

playout_won(Code, Path, S, Deadline, End, Winner) :-
    get_time(Now),
    Now < Deadline,
    nb_getval(arena_propose_moves, N0),
    N0 < 2000,
    N is N0 + 1,
    nb_setval(arena_propose_moves, N),
    (   quiet(Code:game_over(S, W))
    ->  End = S, Winner = W
    ;   at_path(S, Path, P),
        moves(Code, S, P, Ms),
        random_member(M, Ms),
        takes(Code, S, M, S1),
        playout_won(Code, Path, S1, Deadline, End, Winner)
    ).

shaped_value(Code, _, S, whole, _, VP, V) :-
    quiet(Code:value(S, VP, V)), number(V).
shaped_value(Code, _, S, part(SubPath), _, VP, V) :-
    at_path(S, SubPath, Sub),
    quiet(Code:value(Sub, VP, V)), number(V).
shaped_value(Code, Path, S, to_move, P, VP, V) :-
    replace_at(S, Path, P, S1),
    quiet(Code:value(S1, VP, V)), number(V).

value_number(Code, S, P) :-
    quiet(Code:value(S, P, V)),
    number(V).
