% A course-style game of our own whose valid_moves/2 lists From-To pairs
% while move/3 takes go(From, To), a shape only a helper's head shows:
% no move it lists can be played, and the proposal says so.
initial_state(_, game([1, 2, 3], white)).

valid_moves(game(Cells, _), Moves) :-
    findall(From-To, ( member(From, Cells), member(To, Cells), From \== To ), Moves).

move(State, Move, State1) :-
    step(State, Move, State1).

step(game(Cells, P), go(From, To), game(Cells, Q)) :-
    member(From, Cells),
    member(To, Cells),
    From \== To,
    other(P, Q).

other(white, black).
other(black, white).

game_over(game(_, _), none) :-
    fail.
