/** <module> Greedy bot for any game (PFL protocol, choose_move/3)

Level 1 plays a random valid move. Level 2 and up take a move that wins
at once if there is one, else one that maximises the game's value/3
for the mover after the move (ties broken at random).

It uses only the game's own rules: valid_moves/2, move/3, game_over/2,
value/3 and current_player/2, which the host makes visible to every bot.

    arena play connect4 --first prolog/bots/examples/greedy.pl --second random
*/
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(pairs)).

%!  choose_move(+State, +Level, -Move) is semidet.
choose_move(State, Level, Move) :-
    valid_moves(State, Moves),
    Moves \== [],
    (   Level =< 1
    ->  random_member(Move, Moves)
    ;   current_player(State, Me),
        findall(Score-M,
                ( member(M, Moves),
                  move(State, M, State1),
                  score(State1, Me, Score)
                ),
                Scored),
        best(Scored, Move)
    ).

score(State, Me, Score) :-
    (   game_over(State, Winner)
    ->  (   Winner == Me
        ->  Score = 1.0e9
        ;   Winner == draw
        ->  Score = 0
        ;   Score = -1.0e9
        )
    ;   value(State, Me, Score)
    ).

best(Scored, Move) :-
    pairs_keys(Scored, Scores),
    max_list(Scores, Best),
    findall(M, member(Best-M, Scored), Bests),
    random_member(Move, Bests).
