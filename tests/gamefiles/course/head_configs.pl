% A game of our own whose initial_state/2 names its configs in its clause
% heads (`initial_state(small, ...)`), and whose last clause sends any
% other config back to a menu that reads the keyboard: the proposal
% takes the configs the heads name before the usual sizes. Take 1 or 2
% from a heap; whoever takes the last wins.
initial_state(small, h(5, a)).
initial_state(large, h(9, a)).
initial_state(_, S) :- write('Choose small or large: '), read(C), initial_state(C, S).
valid_moves(h(N, _), Ms) :- findall(T, ( member(T, [1, 2]), T =< N ), Ms).
move(h(N, P), T, h(N1, Q)) :- T =< N, N1 is N - T, other(P, Q).
game_over(h(0, P), W) :- other(P, W).
other(a, b).
other(b, a).
