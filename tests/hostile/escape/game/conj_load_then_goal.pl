% expect: refused shell('touch /tmp/arena-escape-pwned') runs a goal at load time
% A goal hidden behind a load in one directive: each goal of the
% conjunction is read on its own, and this one is refused.
:- use_module(library(lists)), shell('touch /tmp/arena-escape-pwned').
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).
