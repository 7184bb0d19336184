choose_move(State, _, Move) :- X = _{k:'$VAR'(0)}, X = X, valid_moves(State, [Move|_]).
