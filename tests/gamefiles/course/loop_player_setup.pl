% A course-style game of our own that only its loop knows, set up player
% by player: a name of 3 characters or more (read as a line), then the
% player's kind with both options on one line, asked in the same words
% of each player (the names told apart). Take 1 to 3 sticks, who takes the
% last one wins.
:- use_module(library(random)).

play :-
    player(1, K1),
    player(2, K2),
    turn(17, 1, [K1, K2]).

player(N, Kind) :-
    format("- PLAYER ~w~n", [N]),
    repeat,
    write('Name (3 characters min): '),
    read_line_to_string(user_input, Name),
    string_length(Name, L),
    L >= 3,
    !,
    repeat,
    write('0 - CPU    1 - Human'), nl,
    write('Type the number of selected choice: '),
    read_line_to_string(user_input, S),
    number_string(Kind, S),
    memberchk(Kind, [0, 1]),
    !.

turn(Sticks, P, Kinds) :-
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    nth1(P, Kinds, Kind),
    take(Kind, Takes, Take),
    Left is Sticks - Take,
    other(P, Q),
    (   Left =:= 0
    ->  format("Player ~w wins!~n", [P])
    ;   turn(Left, Q, Kinds)
    ).

take(0, Takes, Take) :-
    random_member(Take, Takes).
take(1, Takes, Take) :-
    repeat,
    write('How many? '),
    read_line_to_string(user_input, S),
    number_string(Take, S),
    memberchk(Take, Takes),
    !.

other(1, 2).
other(2, 1).
