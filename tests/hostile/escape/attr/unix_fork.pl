% expect: refused fork
% library(unix) named directly.
choose_move(State, _, Move) :-
    unix:fork(P),
    ( P == child -> halt ; true ),
    valid_moves(State, [Move|_]).
