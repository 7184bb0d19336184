% A lambda swipl compiles, its shared variable declared with Free/: it
% sees L bound, and so plays the last valid move, as in swipl.
:- use_module(library(apply)).
:- use_module(library(yall)).
choose_move(State, _, Move) :-
    valid_moves(State, Moves),
    preferred(Moves, Move).
preferred(Moves, Move) :-
    last(Moves, Last),
    L = [Last],
    include({L}/[X]>>memberchk(X, L), Moves, [Move|_]).
