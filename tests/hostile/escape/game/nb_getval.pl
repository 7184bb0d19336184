% expect: refused nb_getval
% A global variable of the system's, read to change it in place.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    nb_getval('$arena', T),
    setarg(1, T, x).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

