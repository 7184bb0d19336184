% A course-style game of our own that only its loop knows, for two
% people only: a move is two questions, a row's letter then a column's
% number, read off the board's labels; a taken cell is refused in words
% and both asked again. Three in a row across wins; a full board ties.
:- use_module(library(lists)).

play :-
    write('1) Player vs Player'), nl,
    write('2) Exit'), nl,
    read(Choice),
    (   Choice == 1 -> empty(Board), turn(Board, 1) ; true ).

empty([[e,e,e,e],[e,e,e,e],[e,e,e,e],[e,e,e,e]]).

turn(Board, P) :-
    show(Board),
    format("~n     Player ~w Playing~n", [P]),
    place(Board, P, Board1),
    (   won(Board1, P)
    ->  show(Board1), format("Player ~w Won!~n", [P])
    ;   \+ ( member(Row, Board1), member(e, Row) )
    ->  show(Board1), write('It\'s a Tie!'), nl
    ;   Q is 3 - P, turn(Board1, Q)
    ).

place(Board, P, Board1) :-
    write('Insert Row'), nl, read(R),
    write('Insert Column'), nl, read(C),
    (   nth1(RI, [a,b,c,d], R), integer(C), nth1(C, [_,_,_,_], _),
        nth1(RI, Board, Row), nth1(C, Row, e)
    ->  mark(P, M), set(Board, RI, C, M, Board1)
    ;   write('Invalid, try again'), nl, place(Board, P, Board1)
    ).

mark(1, x).
mark(2, o).

set(Board, RI, C, M, Board1) :-
    nth1(RI, Board, Row, Rest), nth1(C, Row, _, RowRest),
    nth1(C, Row1, M, RowRest), nth1(RI, Board1, Row1, Rest).

won(Board, P) :-
    mark(P, M),
    member(Row, Board),
    append(_, [M, M, M|_], Row).

show(Board) :-
    write('   | 1 | 2 | 3 | 4 |'), nl,
    forall(nth1(I, Board, Row),
           ( nth1(I, [a,b,c,d], L), format(" ~w |", [L]),
             forall(member(X, Row), ( X == e -> write('   |') ; format(" ~w |", [X]) )),
             nl )).
