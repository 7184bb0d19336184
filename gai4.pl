choose_move(S, _, M) :- M0 = connect4, M0:choose_move(S, 3, M).
