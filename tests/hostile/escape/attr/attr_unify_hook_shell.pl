% expect: refused attr_unify_hook shell
% The bot's own attribute, whose hook calls shell/1.
choose_move(State, _, Move) :-
    put_attr(V, arena_bot, x),
    V = 1,
    valid_moves(State, [Move|_]).
attr_unify_hook(_, _) :-
    shell('touch /tmp/arena-escape-pwned').
