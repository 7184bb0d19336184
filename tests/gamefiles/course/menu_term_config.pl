% A game of our own whose menu passes its config inside a term of its
% own (`open_menu(main, config(...))`), and starts only when `go.` is
% typed; its rules know no other player than the config names: a config
% filled in with ones would not play. Take 1 or 2 from a heap.
play :- open_menu(main, config(heap(7), first(left))).
open_menu(main, Config) :-
    write('Type go. to start'), nl,
    read(X),
    (   X == go
    ->  initial_state(Config, S), write(S), nl
    ;   open_menu(main, Config)
    ).
initial_state(config(heap(N), first(P)), s(N, P)).
valid_moves(s(N, _), Ms) :- findall(T, ( member(T, [1, 2]), T =< N ), Ms).
move(s(N, P), T, s(N1, Q)) :- T =< N, N1 is N - T, other(P, Q).
game_over(s(0, P), W) :- other(P, W).
other(left, right).
other(right, left).
