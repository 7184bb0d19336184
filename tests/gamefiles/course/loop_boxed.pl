% A course-style game of our own that only its loop knows: its menus are
% drawn in boxes, the question inside the box and nothing after it; the
% numbers are read a character at a time (get_code/1, peek_code/1) and a
% number out of range is read again without a word; a computer's move
% waits for Enter under a terminal prompt set with prompt/2.
% Take 1 to 3 sticks, who takes the last one wins.
:- use_module(library(random)).
:- use_module(library(lists)).

play :-
    boxed(['STICKS'], ['1. Play', '2. How to play', '3. Exit']),
    read_int(Option, 1, 3),
    Option == 1,
    boxed(['Insert the number of sticks:'], ['The value must be between 20 and 40']),
    read_int(Sticks, 20, 40),
    boxed(['Insert the mode of the game:'],
          ['1. Player vs Player', '2. Player vs Computer', '3. Computer vs Computer']),
    read_int(Mode, 1, 3),
    Mode == 3,
    turn(Sticks, 1).

boxed(Header, Options) :-
    write('\e[2J'),
    write('╭────────────────────────────────────────╮'), nl,
    forall(member(H, Header), format("│~t~w~t~40|│~n", [H])),
    forall(member(O, Options),
           ( write('├────────────────────────────────────────┤'), nl,
             format("│~t~w~t~40|│~n", [O]) )),
    write('╰────────────────────────────────────────╯'), nl.

read_int(N, Low, High) :-
    read_digits(0, N0),
    (   between(Low, High, N0) -> N = N0 ; read_int(N, Low, High) ).

read_digits(N, N) :-
    peek_code(10),
    get_code(10),
    !.
read_digits(N0, N) :-
    get_code(C),
    between(0'0, 0'9, C),
    N1 is N0 * 10 + C - 0'0,
    read_digits(N1, N).

turn(Sticks, P) :-
    format("~w sticks left.~n~n Computer ~w turn~n", [Sticks, P]),
    prompt(Old, ' PRESS ENTER'),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(Take, Takes),
    read_int(_, 0, 0),
    prompt(_, Old),
    Left is Sticks - Take,
    other(P, Q),
    (   Left =:= 0
    ->  format("Computer ~w wins!~n", [P])
    ;   turn(Left, Q)
    ).

other(1, 2).
other(2, 1).
