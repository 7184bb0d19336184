% A half-finished game: move/3 never returns for one of the moves that
% valid_moves/2 lists (cell 3); the other cells play as they should.
players([a, b]).
initial_state(_, s([], a)).
current_player(s(_, P), P).
valid_moves(s(Taken, _), Moves) :-
    findall(C, ( between(1, 4, C), \+ memberchk(C, Taken) ), Moves).
move(s(_, _), 3, _) :-
    !,
    forever.
move(s(Taken, P), C, s([C|Taken], Q)) :-
    integer(C),
    \+ memberchk(C, Taken),
    other(P, Q).
game_over(s(Taken, _), draw) :-
    length(Taken, 3).
other(a, b).
other(b, a).
forever :- forever.
