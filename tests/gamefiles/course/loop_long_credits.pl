% A course-style game of our own that only its loop knows: its computers
% take 1 to 3 from 15 sticks, and who takes the last one loses. Once it
% names the winner it writes long credits, far more text than comes
% before the end since the last pick, and waits for a key.
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('Mode: '),
    read(_),
    turn(15, black).

other(black, white).
other(white, black).

turn(Left, Side) :-
    format("Playing ~w pieces.~n", [Side]),
    Top is min(3, Left),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    Rest is Left - Take,
    format("~w sticks left~n", [Rest]),
    (   Rest =:= 0
    ->  other(Side, Winner),
        upcase_atom(Winner, Name),
        format("Winner is ~w!~n", [Name]),
        forall(between(1, 120, I),
               format("Credits, line ~w: made by a group of the course~n", [I])),
        get_char(_)
    ;   other(Side, Next),
        turn(Rest, Next)
    ).
