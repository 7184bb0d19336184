/** <module> One-ply bot for any game in the 2022-24 PFL form (choose_move/4)

choose_move(+State, +Player, +Level, -Move): Level 1 plays the last
valid move, any other level the move whose resulting value/3 for Player
is highest (the first such one).
*/
:- use_module(library(lists)).

%!  choose_move(+State, +Player, +Level, -Move) is semidet.
choose_move(State, _, 1, Move) :-
    !,                                  % green: level 1 is its own rule
    valid_moves(State, Moves),
    last(Moves, Move).
choose_move(State, Player, _, Move) :-
    valid_moves(State, Moves),
    findall(V-M,
            ( member(M, Moves),
              move(State, M, State1),
              value(State1, Player, V)
            ),
            [V0-M0|Scored]),
    foldl(better, Scored, V0-M0, _-Move).

better(V-M, V0-_, V-M) :-
    V > V0,
    !.                                  % green: strictly better
better(_, Best, Best).
