% expect: refused setenv
% Changes the environment its process passes on.
choose_move(State, _, Move) :-
    setenv('PATH', '/tmp'),
    valid_moves(State, [Move|_]).
