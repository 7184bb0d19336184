user:'$VAR'(_).
choose_move(State, _, Move) :- valid_moves(State, [Move|_]).
