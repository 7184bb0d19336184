% A course-style game of our own that only its loop knows, whose menu is
% menu/0: play/0 starts a game of two humans at once, with no menu.
% Take 1 to 3 sticks, who takes the last one wins.
:- use_module(library(random)).
:- dynamic mode/1.

play :-
    turn(15, 1).

menu :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    write('Choose an option: '),
    read(Option),
    retractall(mode(_)),
    (   Option == 2 -> assertz(mode(cvc)) ; assertz(mode(pvp)) ),
    turn(15, 1).

turn(Sticks, P) :-
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    take(Takes, Take),
    Left is Sticks - Take,
    other(P, Q),
    (   Left =:= 0
    ->  format("Player ~w wins!~n", [P])
    ;   turn(Left, Q)
    ).

take(Takes, Take) :-
    mode(cvc),
    !,
    random_member(Take, Takes).
take(Takes, Take) :-
    repeat,
    write('How many? '),
    read(Take),
    memberchk(Take, Takes),
    !.

other(1, 2).
other(2, 1).
