% A course-style game of our own, played through its own loop only,
% whose computers never pick at random: each takes the best move it
% finds. Its valid_moves/3 takes the player before the heap and lists
% each move as From-To; its choose_move/4 takes the level first and
% gives take(From, To). Take 1 to 3 from a heap of 21; who takes the
% last wins.
:- use_module(library(lists)).

play :-
    format("~w~n~w~n~w", ['1) Computer vs Computer', '2) Leave', 'Option? ']),
    read(Option),
    (   Option == 1
    ->  turn(21, 'A')
    ;   true
    ).

turn(0, P) :-
    !,
    other(P, W),
    format("CONGRATS Player '~w'! You are the winner!~n", [W]).
turn(N, P) :-
    format("It is player '~w''s turn, ~w left.~n", [P, N]),
    choose_move(1, P, N, take(N, N1)),
    T is N - N1,
    format("Player '~w' takes ~w.~n", [P, T]),
    other(P, Q),
    turn(N1, Q).

other('A', 'B').
other('B', 'A').

valid_moves(_Player, N, Moves) :-
    findall(N-Left, ( member(T, [1, 2, 3]), T =< N, Left is N - T ), Moves).

choose_move(_Level, Player, N, take(From, To)) :-
    valid_moves(Player, N, Moves),
    best(Moves, From-To).

best(Moves, Move) :-
    member(Move, Moves),
    Move = _-Left,
    Left mod 4 =:= 0,
    !.
best([Move|_], Move).
