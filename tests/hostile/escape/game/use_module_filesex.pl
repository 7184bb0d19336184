% expect: refused library(filesex)
% library(filesex) loaded by a directive.
:- use_module(library(filesex)).
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    copy_file('/etc/hostname', '/tmp/arena-escape-pwned').
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

