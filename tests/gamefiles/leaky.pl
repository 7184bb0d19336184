% A game that keeps what was played in its own database: each game must
% begin from the file as loaded, not from what the last game asserted.
:- dynamic played/1.
players([a, b]).
initial_state(_, s(0)).
current_player(s(N), P) :- ( N mod 2 =:= 0 -> P = a ; P = b ).
valid_moves(s(N), Moves) :-
    (   N >= 2
    ->  Moves = []
    ;   findall(M, ( member(M, [1, 2, 3]), \+ played(M) ), Moves)
    ).
move(s(N), M, s(N1)) :- assertz(played(M)), N1 is N + 1.
game_over(s(2), a).
