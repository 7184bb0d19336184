% A game of our own with a student's syntax error: `initialization` is a
% prefix operator, so `initialization :- ...` reads in neither SICStus
% nor SWI-Prolog.
players([a, b]).
initialization :- write(hello).
initial_state(_, s(0, a)).
