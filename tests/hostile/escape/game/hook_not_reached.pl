% expect: refused attr_unify_hook/2 is not safe shell
% An attribute hook of the game's own module that no contract predicate reaches.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    true.
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).
attr_unify_hook(_, _) :- shell('touch /tmp/arena-escape-pwned').
