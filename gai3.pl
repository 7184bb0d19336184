choose_move(S, _, M) :- call(connect4:choose_move, S, 3, M).
