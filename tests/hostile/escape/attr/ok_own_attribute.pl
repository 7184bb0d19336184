% expect: ok
% The bot's own attribute module, with its hook: allowed and plays.
choose_move(State, _, Move) :-
    put_attr(V, arena_bot, counted),
    get_attr(V, arena_bot, counted),
    del_attr(V, arena_bot),
    put_attr(W, arena_bot, first),
    valid_moves(State, [W|_]),
    Move = W.
attr_unify_hook(first, _).
