% expect: refused library(process)
% library(process) loaded by a directive.
:- use_module(library(process)).
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    process_create(path(touch), ['/tmp/arena-escape-pwned'], []).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

