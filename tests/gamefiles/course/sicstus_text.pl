% A game of our own with what SICStus reads and SWI-Prolog's own reader
% and compiler refuse: a block comment holding `/*` (SICStus ends it at
% the first `*/`), a comparison of a variable never bound (a typo that
% SICStus compiles and never reaches), and a block of plunit tests.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
/* an old version, commented out:
/* valid_moves(_, []).
*/
valid_moves(s(N, _), Ms) :- ( N >= 3 -> Ms = [] ; Ms = [1] ).
move(s(N, P), 1, s(N1, Q)) :- N < 3, N1 is N + 1, other(P, Q).
other(a, b).
other(b, a).
game_over(s(3, _), a).
unused(X) :- Typo >= X.
:- begin_tests(rules).
test(first) :- move(s(0, a), 1, s(1, b)).
:- end_tests(rules).
