% A course-style game of our own, half finished: its rules have no
% game_over/2 yet, and its loop asks a person a word the arena cannot
% guess. No adapter passes its check; the reason says why for both.
initial_state(_, s(5, a)).

valid_moves(s(N, _), Moves) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).

move(s(N, P), T, s(N1, Q)) :-
    memberchk(T, [1, 2]),
    T =< N,
    N1 is N - T,
    other(P, Q).

other(a, b).
other(b, a).

play :-
    write('The secret word: '),
    read(Word),
    Word == xyzzy,
    write('Welcome.'), nl.
