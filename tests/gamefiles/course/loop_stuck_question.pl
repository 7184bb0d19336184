% A course-style game of our own that only its loop knows, whose mode of
% computers alone still asks the second player a question in play that
% refuses every answer (it wants a row that does not exist): its loop
% never ends a game, it only asks. Sticks: take 1 to 3.
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('2. Exit'), nl,
    read(Mode),
    Mode =:= 1,
    turn(40, 0).

turn(0, _) :-
    !,
    write('Computer 1 wins!'), nl.
turn(Sticks, N) :-
    format("~w sticks left. Computer 1 takes.~n", [Sticks]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    Left is Sticks - T,
    N1 is N + 1,
    (   N1 >= 8 -> ask_row ; true ),
    turn(Left, N1).

ask_row :-
    write('  > Row '),
    read(R),
    (   R == 99 -> true ; write('ERROR: That row is not valid!'), nl, ask_row ).
