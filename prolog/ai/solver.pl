:- module(arena_ai_solver,
          [ solved_move/3,            % +Game, +State, -Move
            solved_value/3            % +Game, +State, -Value
          ]).
:- use_module(library(lists)).
:- use_module(library(aggregate)).
:- use_module('../arena').

/** <module> Exact play of small games by tabled negamax

For any game module that follows the contract in arena.pl and whose
positions never repeat (every line of play ends): it calls only
current_player/2, valid_moves/2, move/3 and game_over/2 of the game.
Values are for the player to move: Mate - N for a win N plies away,
-(Mate - N) for a loss, 0 for a draw, so that a sooner win and a later
loss are better.

    ?- solved_move(tictactoe, state([x,x,e,o,o,e,e,e,e], x), Move).
    Move = 3.
*/

mate(1000).

%!  solved_move(+Game, +State, -Move) is semidet.
%
%   Move is a random one among the moves of best game value (quickest
%   win or slowest loss). Fails when the game is over.

solved_move(Game, State, Move) :-
    Game:valid_moves(State, Moves),
    findall(Score-M,
            ( member(M, Moves),
              Game:move(State, M, State1),
              solved_value(Game, State1, V1),
              Score is -V1
            ),
            Scored),
    random_best(Scored, Move).

%!  solved_value(+Game, +State, -Value) is det.
%
%   Value is the game value of State for the player to move under perfect
%   play (see the module comment).

:- table solved_value/3.

solved_value(Game, State, Value) :-
    (   Game:game_over(State, Winner)
    ->  mate(Mate),
        Game:current_player(State, Player),
        (   Winner == draw
        ->  Value = 0
        ;   Winner == Player
        ->  Value = Mate
        ;   Value is -Mate
        )
    ;   Game:valid_moves(State, Moves),
        aggregate_all(max(V),
                      ( member(M, Moves),
                        Game:move(State, M, State1),
                        solved_value(Game, State1, V1),
                        one_ply_back(V1, V)
                      ),
                      Value)
    ).

%   one_ply_back(+ChildValue, -Value): the value of a move for its mover,
%   from the value of the position it leads to, one ply further from the
%   end of the game.
one_ply_back(V1, V) :-
    (   V1 > 0
    ->  V is 1 - V1
    ;   V1 < 0
    ->  V is -1 - V1
    ;   V = 0
    ).
