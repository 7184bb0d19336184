% A course-style counting game of our own whose value/3 is a distance:
% lower where the player is better off (0 for the winner). Add 1 or 2 to
% the count; who reaches 7 wins.
initial_state(_, c(0, left)).

other(left, right).
other(right, left).

valid_moves(c(C, _), Moves) :-
    findall(N, ( member(N, [1, 2]), C < 7, C + N =< 7 ), Moves).

move(c(C, P), N, c(C1, O)) :-
    memberchk(N, [1, 2]),
    C < 7,
    C1 is C + N,
    C1 =< 7,
    other(P, O).

game_over(c(7, P), W) :-
    other(P, W).

% the distance to a win: 0 for the winner, 10 for the loser
value(c(7, P), Q, V) :-
    !,
    (   Q == P -> V = 10 ; V = 0 ).
value(c(C, P), Q, V) :-
    (   Q == P -> V is 7 - C ; V is 8 - C ).

display_game(c(C, P)) :-
    format("count ~w, ~w to move~n", [C, P]).
