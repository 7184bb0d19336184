% expect: refused attribute_goals
% The bot's own attribute, whose attribute_goals//1 calls text.
choose_move(State, _, Move) :-
    put_attr(V, arena_bot, x),
    copy_term(V, _, _),
    valid_moves(State, [Move|_]).
attr_unify_hook(_, _).
attribute_goals(_) --> { term_string(E, "shell('touch /tmp/arena-escape-pwned')"), call(E) }.
