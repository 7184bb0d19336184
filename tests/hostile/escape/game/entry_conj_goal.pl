% expect: ok
% A goal hidden in the directive that starts the program: only its loads
% are read, nothing else in it runs.
:- use_module(library(lists)), play, shell('touch /tmp/arena-escape-pwned').
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).
play :- shell('touch /tmp/arena-escape-pwned').
