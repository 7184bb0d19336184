% expect: refused expansion
% An expansion hook that would turn a harmless goal into a shell call.
goal_expansion(harmless, shell('touch /tmp/arena-escape-pwned')).
choose_move(State, _, Move) :-
    harmless,
    valid_moves(State, [Move|_]).
harmless.
