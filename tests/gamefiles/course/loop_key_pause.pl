% A course-style game of our own that only its loop knows: after each
% computer's move it writes a whole line and waits for a key with
% get_char/1, no prompt shown (a pause, not a question). Menu numbers
% are read a character at a time. Take 1 to 3 sticks, who takes the
% last one wins.
:- use_module(library(random)).

play :-
    write('1. Human vs Human'), nl,
    write('2. Computer vs Computer'), nl,
    read_option(1, 2, Mode),
    Mode =:= 2,
    turn(21, 1).

read_option(Min, Max, Option) :-
    repeat,
    write('Option: '),
    get_code(C),
    skip_line,
    Option is C - 0'0,
    between(Min, Max, Option),
    !.

turn(Sticks, P) :-
    format("~w sticks left. Computer ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    format("Computer ~w took ~w.~n", [P, Take]),
    get_char(_),
    Left is Sticks - Take,
    other(P, Q),
    (   Left =:= 0
    ->  format("Computer ~w wins!~n", [P])
    ;   turn(Left, Q)
    ).

other(1, 2).
other(2, 1).
