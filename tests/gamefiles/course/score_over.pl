% A course-style game of our own whose game_over/2 says who leads at any
% time (0 where the scores are even): its loop asks it only once no
% cell is left. Each player claims a free cell in turn, worth its
% number of points.
:- use_module(library(lists)).

initial_state(_, [Cells, 1]) :-
    length(Cells, 16),
    maplist(=(e), Cells).

valid_moves([Cells, _], Moves) :-
    findall(I, nth1(I, Cells, e), Moves).

move([Cells, P], I, [Cells1, Q]) :-
    nth1(I, Cells, e, Rest),
    nth1(I, Cells1, P, Rest),
    other(P, Q).

game_over([Cells, _], Winner) :-
    score(Cells, 1, S1),
    score(Cells, 2, S2),
    (   S1 > S2 -> Winner = 1
    ;   S2 > S1 -> Winner = 2
    ;   Winner = 0
    ).

score(Cells, P, S) :-
    findall(I, nth1(I, Cells, P), Is),
    sum_list(Is, S).

other(1, 2).
other(2, 1).

display_game([Cells, P]) :-
    format("~w, player ~w to claim~n", [Cells, P]).

play :-
    initial_state(16, S),
    loop(S).

loop(S) :-
    valid_moves(S, []),
    !,
    game_over(S, W),
    format("Winner: ~w~n", [W]).
loop(S) :-
    display_game(S),
    valid_moves(S, Moves),
    read(M),
    memberchk(M, Moves),
    move(S, M, S1),
    loop(S1).
