/** <module> The simplest bot, for any game (PFL, choose_move/2)

Plays the first valid move. The 2-argument choose_move of some PFL
projects: no level.
*/

%!  choose_move(+State, -Move) is semidet.
choose_move(State, Move) :-
    valid_moves(State, [Move|_]).
