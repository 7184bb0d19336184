% Random bot (PFL protocol), for any game: a random valid move.
%
% It calls the game's valid_moves/2, which the host imports for it.

:- use_module(library(random)).

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   Move is a random valid move; Level is ignored. Fails when the game
%   is over.
choose_move(State, _Level, Move) :-
    valid_moves(State, Moves),
    random_member(Move, Moves).
