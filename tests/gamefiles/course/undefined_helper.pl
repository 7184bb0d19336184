% A game of our own whose value/3 reaches a predicate it never defines (a
% genuine bug of one clause): it loads, as under SICStus, and the rule
% throws only where that clause runs.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 3 -> Ms = [] ; Ms = [1] ).
move(s(N, P), 1, s(N1, Q)) :- N < 3, N1 is N + 1, other(P, Q).
other(a, b).
other(b, a).
game_over(s(3, _), a).
value(S, _, V) :- ( S = s(2, _) -> no_such_helper(S, V) ; V = 0 ).
