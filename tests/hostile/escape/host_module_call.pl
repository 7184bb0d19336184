% expect: refused
% Calls into the host's own modules.
choose_move(State, _, Move) :-
    arena_host:reply(x, _{verdict:ok, move:'5'}),
    valid_moves(State, [Move|_]).
