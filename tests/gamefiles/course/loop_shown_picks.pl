% A course-style game of our own that only its loop knows: before the
% game it draws three numbers in a failure-driven loop that shows each
% one; then each turn draws one of three cards. The eighth turn ends it.
:- use_module(library(random)).

play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    Mode =:= 2,
    (   between(1, 3, _),
        random(0, 5, X),
        format("drew ~w~n", [X]),
        fail
    ;   true
    ),
    turn(0).

turn(8) :-
    !,
    write('The game ends.'), nl.
turn(N) :-
    random_member(Card, [a, b, c]),
    format("turn ~w: card ~w~n", [N, Card]),
    N1 is N + 1,
    turn(N1).
