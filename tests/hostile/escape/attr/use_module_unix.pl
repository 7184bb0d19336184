% expect: refused unix
% library(unix) loaded by a directive.
:- use_module(library(unix)).
choose_move(State, _, Move) :-
    fork(P),
    ( P == child -> halt ; true ),
    valid_moves(State, [Move|_]).
