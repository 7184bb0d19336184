% expect: ok
% freeze/2, when/2, dif/2 and clpfd with goals known when loading: allowed.
% (clpfd written in canonical form: a game file is read before its libraries' operators are known)
:- use_module(library(clpfd)).
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    in(X, ..(0, 1)), #=(X, 1),
    freeze(F, true), when(nonvar(W), true), dif(D, other),
    F = X, W = 1, D = this.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

