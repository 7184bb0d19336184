% A course-style game of our own that only its loop knows, whose
% computer player sometimes hangs: now and then it decides to move one
% of its own stones, and before it has one it draws cells for ever
% (`repeat, random, test, !`). Each player claims one of eight cells a
% turn; who claims the last wins.
:- use_module(library(random)).
:- dynamic owner/2.

play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    Mode =:= 2,
    retractall(owner(_, _)),
    turn(red, 8).

turn(Who, 0) :-
    !,
    other(Who, Last),
    format("The ~w player wins.~n", [Last]).
turn(Who, Left) :-
    format("Turn of ~w~n", [Who]),
    random(1, 7, Action),
    (   Action =:= 6
    ->  repeat,                         % move a stone of its own
        random(0, 8, From),
        owner(From, Who),
        !,
        format("~w moves ~w~n", [Who, From])
    ;   repeat,
        random(0, 8, Cell),
        \+ owner(Cell, _),
        !,
        assertz(owner(Cell, Who)),
        format("~w claims ~w~n", [Who, Cell])
    ),
    Left1 is Left - 1,
    other(Who, Next),
    turn(Next, Left1).

other(red, blue).
other(blue, red).
