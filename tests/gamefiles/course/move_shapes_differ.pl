% A course-style game of our own whose valid_moves/2 lists moves as
% From-To pairs while move/3 takes move(From, To), as a real submission
% had it: no move it lists can be played, and the proposal says so.
initial_state(_, game([1, 2, 3], white)).

valid_moves(game(Cells, _), Moves) :-
    findall(From-To, ( member(From, Cells), member(To, Cells), From \== To ), Moves).

move(game(Cells, P), move(From, To), game(Cells, Q)) :-
    member(From, Cells),
    member(To, Cells),
    From \== To,
    other(P, Q).

other(white, black).
other(black, white).

game_over(game(_, _), none) :-
    fail.
