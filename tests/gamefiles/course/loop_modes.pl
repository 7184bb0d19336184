% A course-style game of our own that only its loop knows: play/0 starts
% the game in the mode set so far (human against human at first), and
% start/0 shows the menu where the mode is set before playing; the mode
% is typed as both players' roles in one answer, "P1/P2"; the menu comes
% back after each setting. Take 1 to 3 sticks, who takes the last one wins.
:- use_module(library(random)).
:- use_module(library(lists)).
:- dynamic mode/2.

mode(h, h).

start :-
    repeat,
    format("What would you like to do?~n1 - Play.~n2 - Change mode.~n3 - Leave.~n"),
    read_line_to_string(user_input, Line),
    number_string(Option, Line),
    (   Option == 3
    ->  true
    ;   Option == 1
    ->  play
    ;   Option == 2
    ->  set_mode,
        fail
    ).

set_mode :-
    format("Write the mode in the form \"P1/P2\", where either can be h or \"pc[1/2]\": "),
    read_line_to_string(user_input, Line),
    split_string(Line, "/", " ", [A, B]),
    maplist(role, [A, B], [P1, P2]),
    !,
    retractall(mode(_, _)),
    assertz(mode(P1, P2)).
set_mode :-
    format("invalid mode~n").

role("h", h).
role("pc1", pc).
role("pc2", pc).

play :-
    mode(P1, P2),
    turn(17, 1, [P1, P2]).

turn(Sticks, P, Roles) :-
    format("~w sticks left. Player ~w to take.~n", [Sticks, P]),
    nth1(P, Roles, Role),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    take(Role, Takes, Take),
    Left is Sticks - Take,
    other(P, Q),
    (   Left =:= 0
    ->  format("Player ~w wins!~n", [P])
    ;   turn(Left, Q, Roles)
    ).

take(pc, Takes, Take) :-
    random_member(Take, Takes).
take(h, Takes, Take) :-
    repeat,
    format("How many do you take? "),
    read_line_to_string(user_input, Line),
    (   number_string(Take, Line), memberchk(Take, Takes) -> true
    ;   Line == end_of_file -> halt
    ;   format("invalid~n"), fail
    ),
    !.

other(1, 2).
other(2, 1).
