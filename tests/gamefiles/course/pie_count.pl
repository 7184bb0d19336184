% A course-style counting game of our own with a pie-rule-like first
% move: at the start the first listed move, `keep`, adds one and keeps
% the turn, so the player to move is found only by trying the other
% moves. Add 1 or 2 to the count; who reaches 7 wins.
initial_state(_, t(0, x)).

other(x, o).
other(o, x).

valid_moves(t(C, _), Moves) :-
    (   C >= 7
    ->  Moves = []
    ;   C =:= 0
    ->  Moves = [keep, 1, 2]
    ;   findall(N, ( member(N, [1, 2]), C + N =< 7 ), Moves)
    ).

move(t(0, P), keep, t(1, P)).
move(t(C, P), N, t(C1, O)) :-
    integer(N),
    C < 7,
    memberchk(N, [1, 2]),
    C1 is C + N,
    C1 =< 7,
    other(P, O).

game_over(t(7, P), W) :-
    other(P, W).

display_game(t(C, P)) :-
    format("count ~w, ~w to move~n", [C, P]).
