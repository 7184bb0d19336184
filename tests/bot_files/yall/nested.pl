% Lambdas inside a lambda, both compiled by swipl: the inner one shares
% no variable with the outer one (its L is a fresh variable), so every
% move passes and the bot plays the first valid move.
:- use_module(library(apply)).
:- use_module(library(yall)).
choose_move(State, _, Move) :-
    valid_moves(State, Moves),
    preferred(Moves, Move).
preferred(Moves, Move) :-
    last(Moves, Last),
    maplist([M, M-Ok]>>( L = [Last],
                         include([Y]>>memberchk(Y, L), [M], Ok) ),
            Moves, Pairs),
    member(Move-[_], Pairs),
    !.
