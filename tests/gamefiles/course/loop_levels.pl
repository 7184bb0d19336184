% A course-style game of our own that only its loop knows: a menu in
% columns, each computer's level asked in the same words (level 2 picks
% without random_member/2), a key awaited with skip_line/0 after each
% computer's move and, every fifth move, a term awaited with read/1.
% Take 1 to 3 sticks, who takes the last one wins.
:- use_module(library(random)).

play :-
    format("|~t~w~t~20|~t~w~t~40+|~n", ['Option', 'Mode']),
    format("|~t~w~t~20|~t~w~t~40+|~n", [1, 'Human vs Human']),
    format("|~t~w~t~20|~t~w~t~40+|~n", [2, 'Computer vs Computer']),
    format("|~t~w~t~20|~t~w~t~40+|~n", [0, 'Exit']),
    write('Choose an option: '),
    read(Option),
    Option == 2,
    level(L1),
    level(L2),
    turn(25, 1, [L1, L2], 0).

level(L) :-
    repeat,
    write('Please select a valid AI difficulty (1 or 2):'), nl,
    read(L),
    integer(L), L >= 1, L =< 2,
    !.

turn(0, P, _, _) :-
    !,
    other(P, Winner),
    format("Computer ~w wins!~n", [Winner]).
turn(Sticks, P, Levels, Moves) :-
    format("~w sticks left. Computer ~w to take.~n", [Sticks, P]),
    nth1(P, Levels, Level),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    take(Level, Sticks, Takes, Take),
    format("Computer ~w takes ~w.", [P, Take]),
    skip_line,
    Moves1 is Moves + 1,
    (   Moves1 mod 5 =:= 0
    ->  write('Write anything to continue (e.g. c.)'), nl,
        read(_)
    ;   true
    ),
    Left is Sticks - Take,
    other(P, Q),
    turn(Left, Q, Levels, Moves1).

take(1, _, Takes, Take) :-
    random_member(Take, Takes).
take(2, Sticks, Takes, Take) :-
    (   T is Sticks mod 4, T > 0 -> Take = T ; last(Takes, Take) ).

other(1, 2).
other(2, 1).
