% expect: illegal
% A move atom holding control sequences.
choose_move(_, _, M) :-
    string_codes("]0;pwned", C),
    atom_codes(M, [27|C]).
