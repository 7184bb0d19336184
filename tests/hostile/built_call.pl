% expect: refused built at run time
% Builds a call to shell/1 at run time.
choose_move(State, _, Move) :-
    atom_concat(sh, ell, Name),
    Goal =.. [Name, 'touch /tmp/arena-hostile-pwned'],
    call(Goal),
    valid_moves(State, [Move|_]).
