choose_move(S, _, M) :- G = connect4:choose_move(S, 3, M), call(G).
