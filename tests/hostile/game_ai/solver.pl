% expect: refused tictactoe:solved_outcome/2
% tictactoe's exported solved_outcome/2 is its perfect-play solver
% (prolog/ai/solver.pl): a bot that reads the solution does not play.
choose_move(S, _, M) :-
    valid_moves(S, Ms),
    current_player(S, P),
    (   member(M, Ms),
        move(S, M, S1),
        tictactoe:solved_outcome(S1, win(P, _))
    ->  true
    ;   Ms = [M|_]
    ).
