% expect: refused line 7
% Does not parse.
choose_move(State, _, Move) :-
    valid_moves(State, [Move|_]).

choose_move(State, _, Move :-
    valid_moves(State, [Move|_]).
