/** <module> Sliding tic-tac-toe bot in the PFL protocol (choose_move/3)

Works on the game's own terms: State = state(Board, ToMove, Plies,
MaxPlies), moves are a cell (placing, e.g. 5) or [From, To] (sliding).
It calls the game's valid_moves/2, move/3 and game_over/2.

Level 1 plays a random move. Otherwise: a move that wins at once; else
one after which the opponent cannot win at once, preferring the centre;
else any move.
*/
:- use_module(library(lists)).
:- use_module(library(random)).

%!  choose_move(+State, +Level, -Move) is semidet.
choose_move(State, Level, Move) :-
    valid_moves(State, Moves),
    Moves \== [],
    current_player(State, Me),
    (   Level =< 1
    ->  random_member(Move, Moves)
    ;   member(Move, Moves),
        move(State, Move, State1),
        game_over(State1, Me)
    ->  true
    ;   include(safe(State), Moves, Safe),
        Safe \== []
    ->  prefer_centre(State, Safe, Move)
    ;   random_member(Move, Moves)
    ).

%   safe(+State, +Move): after Move the opponent has no winning reply.
safe(State, Move) :-
    move(State, Move, State1),
    current_player(State1, You),
    \+ ( valid_moves(State1, Replies),
         member(Reply, Replies),
         move(State1, Reply, State2),
         game_over(State2, You)
       ).

prefer_centre(_, Moves, Move) :-
    member(Move, Moves),
    (   Move == 5
    ;   Move = [_, 5]
    ),
    !.                                  % green: the first move to the centre
prefer_centre(_, Moves, Move) :-
    random_member(Move, Moves).
