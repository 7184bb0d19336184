% A lambda in call/2 inside findall/3's goal (compiled by swipl: its L
% is a fresh variable there), and one that takes fewer parameters than
% maplist/3 passes (not compiled: called as it is, it sees L bound).
:- use_module(library(apply)).
:- use_module(library(yall)).
choose_move(State, _, Move) :-
    valid_moves(State, Moves),
    preferred(Moves, Move).
preferred(Moves, Move) :-
    last(Moves, Last),
    L = [Last],
    findall(M, ( member(M, Moves), call([X]>>memberchk(X, L), M) ), All),
    maplist([X]>>in_list(L, X), Moves, Flags),
    length(All, N),
    msort(Flags, Sorted),
    (   N > 1, Sorted = [no|_], last(Sorted, yes)
    ->  All = [Move|_]
    ;   Move = Last
    ).
in_list(L, X, yes) :-
    memberchk(X, L),
    !.
in_list(_, _, no).
