% A course-style game of our own that only its loop knows, for two
% people only: sticks, one or two taken a turn, the list of takes
% written alone under a legend of both players' pieces (so every text
% names both players), and a single take listed when one stick is left.
% The player who cannot take loses.
:- use_module(library(lists)).

play :-
    write('1) Player vs Player'), nl,
    read(_),
    turn(7, 1).

turn(0, P) :-
    !,
    Q is 3 - P,
    format("Congratulations Player ~w!~n", [Q]).
turn(N, P) :-
    format("~w sticks left~nIt`s Player ~w`s turn to play~n", [N, P]),
    write('Player 1`s pieces are X'), nl,
    write('Player 2`s pieces are O'), nl,
    findall(K, ( member(K, [1, 2]), K =< N ), Takes),
    write('The takes you can choose:'), nl,
    write(Takes), nl,
    write('Pick a take for your move: '),
    read(M),
    (   memberchk(M, Takes)
    ->  N1 is N - M,
        Q is 3 - P,
        turn(N1, Q)
    ;   turn(N, P)
    ).
