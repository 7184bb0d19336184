choose_move(S, _, M) :- connect4:choose_move(S, 3, M).
