:- dynamic([foo/1, '$VAR'/1]).
choose_move(State, _, Move) :- valid_moves(State, [Move|_]).
