choose_move(S, _, M) :- findall(X, connect4:choose_move(S, 3, X), [M|_]).
