% expect: refused put_attr/3 is a built-in
% The game's own put_attr/3, to hide the arena's.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    put_attr(V, freeze, true),
    V = x.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).
put_attr(_, _, _).
