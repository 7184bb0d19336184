% A game of our own whose move/3 reaches a helper it never defines after
% the fourth move (a student's bug found late): a match ends there as a
% no-contest naming the rule, recorded in the log.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 10 -> Ms = [] ; Ms = [1, 2] ).
move(s(N, P), M, s(N1, Q)) :-
    memberchk(M, [1, 2]),
    (   N >= 4
    ->  no_such_step(N, M, N1)
    ;   N1 is N + 1
    ),
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(10, _), a).
display_game(s(N, P)) :- format("~w, ~w to move~n", [N, P]).
