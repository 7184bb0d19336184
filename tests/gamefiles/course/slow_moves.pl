% A course-style game of our own with 40 moves in each position, each
% move taking 0.3 s: one position takes check-game longer than a small
% --time, which it must still keep.
initial_state(_, race([], red)).

valid_moves(race(Taken, _), Moves) :-
    findall(I, ( between(1, 40, I), \+ memberchk(I, Taken) ), Moves).

move(race(Taken, P), I, race([I|Taken], Q)) :-
    between(1, 40, I),
    \+ memberchk(I, Taken),
    think(0.3),
    other(P, Q).

think(Seconds) :-
    get_time(T0),
    repeat,
    get_time(T),
    T - T0 >= Seconds,
    !.

other(red, blue).
other(blue, red).

game_over(race(Taken, _), draw) :-
    length(Taken, 40).

current_player(race(_, P), P).

players([red, blue]).
