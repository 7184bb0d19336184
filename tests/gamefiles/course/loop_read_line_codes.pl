% A course-style game of our own, written for SICStus: its menu reads a
% line with read_line/1 (a list of codes there) and compares it with
% "1" and "2" written in its clauses, codes too under SICStus. Computer
% against computer, each takes one to three sticks; who takes the last
% one wins.
:- use_module(library(random)).

play :-
    repeat,
    write('1 - Human vs Computer'), nl,
    write('2 - Computer vs Computer'), nl,
    read_line(Input),
    mode(Input, Mode),
    !,
    Mode == computers,
    take(15, 1).

mode("1", person).
mode("2", computers).

take(Sticks, P) :-
    format("~w sticks left. Player ~w takes.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    Left is Sticks - Take,
    (   Left =:= 0
    ->  format("Player ~w wins!~n", [P])
    ;   Q is 3 - P,
        take(Left, Q)
    ).
