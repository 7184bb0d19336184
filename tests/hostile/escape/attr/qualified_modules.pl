% expect: refused names module
% put_attr/3 named in the system's modules and the game's, past the bot's own.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    system:put_attr(V, freeze, E),
    user:put_attr(W, freeze, E),
    tictactoe:put_attr(X, freeze, E),
    V = x, W = x, X = x,
    valid_moves(State, [Move|_]).
