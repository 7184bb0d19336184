% expect: refused shell
% A predicate no entry point calls still has to be safe.
choose_move(State, _, Move) :-
    valid_moves(State, [Move|_]).
spare :-
    shell('touch /tmp/arena-escape-pwned').
