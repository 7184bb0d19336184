% expect: refused table
% Tabling directives are not among the allowed ones.
:- table path/2.
path(X, X).
choose_move(State, _, Move) :-
    valid_moves(State, [Move|_]).
