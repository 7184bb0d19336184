% expect: illegal unbound
% An attribute hook on the move itself, called if the host unified it.
choose_move(_, _, X) :-
    put_attr(X, arena_bot, loop).
attr_unify_hook(_, _) :-
    repeat, fail.
