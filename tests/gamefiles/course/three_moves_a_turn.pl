% A course-style game of our own whose turn is three moves: the state
% counts the moves left in the turn, and the player changes only after
% the third. Each move paints one empty cell of a row of 12; who paints
% the last cell wins.
initial_state(_, turn(Row, red, 3)) :-
    length(Row, 12),
    maplist(=(e), Row).

valid_moves(turn(Row, _, _), Moves) :-
    findall(I, nth1(I, Row, e), Moves).

move(turn(Row, P, Left), I, turn(Row1, P1, Left1)) :-
    nth1(I, Row, e, Rest),
    nth1(I, Row1, P, Rest),
    (   Left > 1
    ->  P1 = P, Left1 is Left - 1
    ;   other(P, P1), Left1 = 3
    ).

other(red, blue).
other(blue, red).

game_over(turn(Row, P, Left), Winner) :-
    \+ memberchk(e, Row),
    (   Left == 3               % the turn passed after the last cell
    ->  other(P, Winner)
    ;   Winner = P
    ).
