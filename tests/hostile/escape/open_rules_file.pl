% expect: refused open
% Opens the game's rules file to rewrite them.
choose_move(State, _, Move) :-
    open('/arena/prolog/games/tictactoe.pl', append, S),
    close(S),
    valid_moves(State, [Move|_]).
