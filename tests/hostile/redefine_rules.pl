% expect: refused module tictactoe
% Redefines the game's rules: a clause for the game's module and an
% assert into it.
tictactoe:valid_moves(_, [1]).

choose_move(State, _, Move) :-
    assertz(tictactoe:move(_, _, _)),
    valid_moves(State, [Move|_]).
