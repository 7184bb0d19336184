% expect: illegal
% Leaves the move unbound.
choose_move(_, _, _).
