% A course-style game of our own that only its loop knows, for two
% people only, its board drawn in box lines. A row of 9 cells; in turn
% each player fills an empty cell; three of one's own side by side win,
% a full row is a draw. Each turn names its player, then asks for a
% cell, with a key to quit the game named in the same sentence.
:- use_module(library(lists)).

play :-
    write('1. Two players'), nl,
    write('2. Exit'), nl,
    write('Option: '),
    read(Choice),
    (   Choice =:= 1 -> length(Row, 9), maplist(=(e), Row), turn(Row, x, o) ; true ).

turn(Row, Player, Other) :-
    show(Row),
    format("Turn of ~w~n", [Player]),
    ask(Row, Cell),
    (   Cell =:= 0
    ->  write('Game over'), nl
    ;   nth1(Cell, Row, _, Rest),
        nth1(Cell, Row1, Player, Rest),
        (   append(_, [Player, Player, Player|_], Row1)
        ->  show(Row1),
            format("~w wins!~n", [Player])
        ;   \+ memberchk(e, Row1)
        ->  show(Row1),
            write('A draw!'), nl
        ;   turn(Row1, Other, Player)
        )
    ).

ask(Row, Cell) :-
    write('Select 1 to 9 to fill that cell or 0 to quit the game: '),
    read(C),
    (   integer(C), ( C =:= 0 ; C >= 1, C =< 9, nth1(C, Row, e) )
    ->  Cell = C
    ;   write('That cell is not free.'), nl,
        ask(Row, Cell)
    ).

show(Row) :-
    write('╔═══╦═══╦═══╦═══╦═══╦═══╦═══╦═══╦═══╗'), nl,
    write('║'), forall(member(C, Row), ( cell(C, S), format(" ~w ║", [S]) )), nl,
    write('╚═══╩═══╩═══╩═══╩═══╩═══╩═══╩═══╩═══╝'), nl.

cell(e, ' ').
cell(x, 'X').
cell(o, 'O').
