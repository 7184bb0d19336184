% A course-style game of our own whose valid_moves/2 lists moves as
% (From, To) pairs of cells while move/3 takes move(From, To), as its
% own loop turns the one into the other. Each player races a token along
% its own row of 8 cells, 1 or 2 cells a turn; the first to reach cell 8
% wins.
initial_state(_, game(1, 1, white)).

valid_moves(game(W, B, P), Moves) :-
    row(P, Row),
    at(P, W, B, From),
    findall(((Row, From), (Row, To)), ( member(Step, [1, 2]), To is From + Step, To =< 8 ),
            Moves).

move(game(W, B, P), move((Row, From), (Row, To)), game(W1, B1, Q)) :-
    row(P, Row),
    at(P, W, B, From),
    Step is To - From,
    member(Step, [1, 2]),
    To =< 8,
    (   P == white
    ->  W1 = To, B1 = B
    ;   W1 = W, B1 = To
    ),
    other(P, Q).

row(white, 1).
row(black, 2).

at(white, W, _, W).
at(black, _, B, B).

other(white, black).
other(black, white).

game_over(game(8, _, _), white).
game_over(game(_, 8, _), black).

play :-
    initial_state(_, S),
    turns(S).

turns(S) :-
    (   game_over(S, Winner)
    ->  format("~w wins~n", [Winner])
    ;   valid_moves(S, [(From, To)|_]),
        move(S, move(From, To), S1),
        turns(S1)
    ).
