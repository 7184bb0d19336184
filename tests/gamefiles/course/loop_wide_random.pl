% A course-style game of our own that only its loop knows: its menu's
% keys are followed by one space and a label in capitals, its computer
% players pick an index into a list of up to 90 moves with random/3
% (more than 64 at first), and wait for a key after a prompt with no
% newline. Sticks: take 1 to 90, who takes the last one wins.
:- use_module(library(random)).
:- use_module(library(lists)).

play :-
    write('1 PLAYER VS PLAYER'), nl,
    write('2 PLAYER VS COMPUTER'), nl,
    write('3 COMPUTER VS COMPUTER'), nl, nl,
    write('4 QUIT'), nl,
    write('CHOOSE YOUR OPTION: '), nl,
    read(Option),
    mode(Option).

mode(3) :-
    turn(200, 1).
mode(4).

turn(Sticks, P) :-
    format("~w sticks left~nPC ~w Turn~n", [Sticks, P]),
    write('Press Key To Let Pc Play'),
    get_char(_),
    Top is min(90, Sticks),
    numlist(1, Top, Takes),
    length(Takes, Length),
    random(0, Length, I),
    nth0(I, Takes, Take),
    Left is Sticks - Take,
    (   Left =:= 0
    ->  format("~nThe winner is player ~w~n", [P])
    ;   other(P, Q),
        turn(Left, Q)
    ).

other(1, 2).
other(2, 1).
