% A lambda's global variable still free when the lambda is called: yall
% copies it at each call, so the two elements get fresh values and differ;
% the bot then plays the last valid move, as in swipl.
:- use_module(library(apply)).
choose_move(State, _, Move) :-
    valid_moves(State, Moves),
    preferred(Moves, Move).
preferred(Moves, Move) :-
    maplist([X]>>(X = _Y), [A, B]),
    (   A == B
    ->  Moves = [Move|_]
    ;   last(Moves, Move)
    ).
