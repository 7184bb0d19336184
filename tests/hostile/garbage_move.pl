% expect: illegal
% Answers a term that is no move.
choose_move(_, _, garbage(of, "all", [kinds])).
