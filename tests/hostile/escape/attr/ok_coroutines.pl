% expect: ok
% freeze/2, when/2, dif/2 and clpfd with goals known when loading.
:- use_module(library(clpfd)).
choose_move(State, _, Move) :-
    valid_moves(State, Moves),
    length(Moves, N),
    I in 1..N,
    I #=< 1,
    freeze(F, true),
    when(nonvar(W), true),
    dif(D, other),
    F = 1, W = 1, D = this,
    nth1(I, Moves, Move).
