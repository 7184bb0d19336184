% The same lambda where swipl does not compile it (library(yall) is not
% loaded first): it is called as it is and sees L bound, so only the
% last valid move passes the filter.
:- use_module(library(apply)).
choose_move(State, _, Move) :-
    valid_moves(State, Moves),
    preferred(Moves, Move).
preferred(Moves, Move) :-
    last(Moves, Last),
    L = [Last],
    include([X]>>memberchk(X, L), Moves, [Move|_]).
