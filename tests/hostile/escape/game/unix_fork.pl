% expect: refused fork
% library(unix) named directly.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    unix:fork(P),
    ( P == child -> halt ; true ).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

