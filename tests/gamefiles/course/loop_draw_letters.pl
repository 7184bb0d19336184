% A course-style game of our own that only its loop knows: its board is
% drawn by draw/1 after every move, and its end, always a draw, is said
% in letters drawn with | and _ by draw/0.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    read(Option),
    Option =:= 2,
    turn([], x).

turn(Board, _) :-
    length(Board, 6),
    !,
    draw.
turn(Board, P) :-
    format("Player ~w to place.~n", [P]),
    random_member(Cell, [a, b, c, d]),
    draw([P-Cell|Board]),
    other(P, Q),
    turn([P-Cell|Board], Q).

draw(Board) :-
    forall(member(P-C, Board), format(" ~w~w", [P, C])),
    nl.

draw :-
    write(' ____\n'),
    write('|  _ \\ _ __ __ ___      __\n'),
    write('| | | | \'__/ _` \\ \\ /\\ / /\n'),
    write('| |_| | | | (_| |\\ V  V /\n'),
    write('|____/|_|  \\__,_| \\_/\\_/\n').

other(x, o).
other(o, x).
