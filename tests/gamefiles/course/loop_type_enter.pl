% A course-style game of our own that only its loop knows: its computers
% take 1 to 3 from 40 sticks, and who takes the last one wins. After
% each computer move it writes " Type enter:" and reads one code; before
% each turn a score line names both sides, the line below it the side to
% move, and the sticks are drawn last.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Player vs Computer'), nl,
    write('3. Computer vs Computer'), nl,
    read(Mode),
    (   Mode == 3
    ->  turn(40, green)
    ;   write('Not done yet'), nl
    ).

other(green, gold).
other(gold, green).

turn(Left, Side) :-
    format("~nGREEN STICKS: ~w  |  GOLD STICKS: ~w~n", [Left, Left]),
    upcase_atom(Side, Name),
    format("PLAYER TURN: ~w~n", [Name]),
    forall(between(1, Left, _), write(' |')), nl,
    Top is min(3, Left),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    Rest is Left - Take,
    format("~n Computer took ~w~n", [Take]),
    write(' Type enter:'),
    get_code(_),
    (   Rest =:= 0
    ->  format("~w PLAYER WON!~n", [Name])
    ;   other(Side, Next),
        turn(Rest, Next)
    ).
