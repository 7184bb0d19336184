/** <module> Depth-limited alpha-beta bot for any game (PFL, choose_move/3)

Searches Level plies (at least 1) with alpha-beta pruning over the
game's rules, scoring the leaves with value/3 from the mover's point of
view; a won game scores above any value, sooner wins higher. Moves of
equal score are tried in the order valid_moves/2 gives them and the
first best one is played, so the bot is deterministic.

    arena play tictactoe --first prolog/bots/examples/minimax.pl:4
*/
:- use_module(library(lists)).

%!  choose_move(+State, +Level, -Move) is semidet.
choose_move(State, Level, Move) :-
    Depth is max(1, Level),
    current_player(State, Me),
    valid_moves(State, Moves),
    Moves = [First|_],
    Inf = 1.0e12,
    best_move(Moves, State, Me, Depth, -Inf, Inf, First-(-Inf), Move-_).

best_move([], _, _, _, _, _, Best, Best).
best_move([M|Ms], State, Me, Depth, Alpha, Beta, Best0, Best) :-
    move(State, M, State1),
    D1 is Depth - 1,
    NA is -Beta,
    NB is -Alpha,
    negamax(State1, Me, D1, NA, NB, V1),
    V is -V1,
    Best0 = _-V0,
    (   V > V0
    ->  Best1 = M-V
    ;   Best1 = Best0
    ),
    Alpha1 is max(Alpha, V),
    (   Alpha1 >= Beta
    ->  Best = Best1
    ;   best_move(Ms, State, Me, Depth, Alpha1, Beta, Best1, Best)
    ).

%   negamax(+State, +Me, +Depth, +Alpha, +Beta, -Value): Value of State
%   for the player to move in it.
negamax(State, Me, Depth, Alpha, Beta, Value) :-
    current_player(State, ToMove),
    (   game_over(State, Winner)
    ->  (   Winner == draw
        ->  Value = 0
        ;   Winner == ToMove
        ->  Value is 1.0e9 + Depth
        ;   Value is -1.0e9 - Depth
        )
    ;   Depth =< 0
    ->  value(State, ToMove, Value)
    ;   valid_moves(State, Moves),
        D1 is Depth - 1,
        children(Moves, State, Me, D1, Alpha, Beta, -1.0e12, Value)
    ).

children([], _, _, _, _, _, Value, Value).
children([M|Ms], State, Me, Depth, Alpha, Beta, Value0, Value) :-
    move(State, M, State1),
    NA is -Beta,
    NB is -Alpha,
    negamax(State1, Me, Depth, NA, NB, V1),
    V is -V1,
    Value1 is max(Value0, V),
    Alpha1 is max(Alpha, V),
    (   Alpha1 >= Beta
    ->  Value = Value1
    ;   children(Ms, State, Me, Depth, Alpha1, Beta, Value1, Value)
    ).
