% A course-style game of our own that only its loop knows, behind a menu
% no fixed answers get through: a yes-or-no question first, a board size
% in a range, then seven options where computer against computer is the
% sixth (the hard bot picks without random_member/2). A refused answer
% is asked again. Sticks: take 1 to 3, who takes the last one wins.
:- use_module(library(random)).

play :-
    ask_rules,
    ask_size(Size),
    ask_mode(Mode),
    Sticks is Size * 3,
    turn(Mode, Sticks, 1).

ask_rules :-
    write('Do you want to read the rules first? (y/n) '),
    read(Answer),
    (   Answer == n -> true
    ;   Answer == y -> write('Take 1 to 3 sticks; who takes the last wins.'), nl
    ;   write('Please answer y or n.'), nl, ask_rules
    ).

ask_size(Size) :-
    write('Board size (odd number between 7 and 11): '),
    read(Size0),
    (   integer(Size0), Size0 >= 7, Size0 =< 11, Size0 mod 2 =:= 1
    ->  Size = Size0
    ;   write('Invalid size, try again.'), nl, ask_size(Size)
    ).

ask_mode(Mode) :-
    nl,
    write('+----------------------------+'), nl,
    write('| 1. Rules                   |'), nl,
    write('| 2. Human vs Human          |'), nl,
    write('| 3. Human vs Easy Bot       |'), nl,
    write('| 4. Easy Bot vs Human       |'), nl,
    write('| 5. Hard Bot vs Hard Bot    |'), nl,
    write('| 6. Easy Bot vs Easy Bot    |'), nl,
    write('| 7. Exit                    |'), nl,
    write('+----------------------------+'), nl,
    write('Option: '),
    read(Option),
    (   mode(Option, Mode0) -> Mode = Mode0 ; write('Invalid option.'), nl, ask_mode(Mode) ).

mode(5, hard).
mode(6, easy).

turn(_, 0, P) :-
    !,
    other(P, Winner),
    format("Bot ~w wins!~n", [Winner]).
turn(Mode, Sticks, P) :-
    format("~w sticks left. Bot ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    take(Mode, Sticks, Takes, Take),
    Left is Sticks - Take,
    other(P, Q),
    turn(Mode, Left, Q).

take(easy, _, Takes, Take) :-
    random_member(Take, Takes).
take(hard, Sticks, Takes, Take) :-
    (   T is Sticks mod 4, T > 0 -> Take = T ; last(Takes, Take) ).

other(1, 2).
other(2, 1).
