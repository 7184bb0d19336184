% A course-style game of our own that only its loop knows, for two
% people only: noughts and crosses whose cells are Row-Column pairs.
% The question names one example; the pairs to choose from are listed
% alone on the line above it, as a term written with write/1.
:- use_module(library(lists)).

play :-
    findall(R-C-' ', ( member(R, [1, 2, 3]), member(C, [1, 2, 3]) ), Board),
    turn(Board, x, o).

turn(Board, P, Q) :-
    show(Board),
    findall(R-C, member(R-C-' ', Board), Free),
    format("Player ~w, these are the cells Row-Col you can choose:~n", [P]),
    write(Free), nl,
    write('Pick a cell for your move (eg. 2-2): '),
    read(M),
    (   memberchk(M, Free)
    ->  M = R-C,
        select(R-C-' ', Board, R-C-P, Board1),
        (   line(Board1, P)
        ->  show(Board1), format("Player ~w wins!~n", [P])
        ;   \+ memberchk(_-_-' ', Board1)
        ->  show(Board1), write('It is a draw!'), nl
        ;   turn(Board1, Q, P)
        )
    ;   write('Sorry, invalid move.'), nl,
        turn(Board, P, Q)
    ).

show(Board) :-
    forall(member(R, [1, 2, 3]),
           ( forall(member(C, [1, 2, 3]), ( memberchk(R-C-S, Board), format(" ~w |", [S]) )),
             nl )).

line(Board, P) :-
    (   member(L, [[1-1, 1-2, 1-3], [2-1, 2-2, 2-3], [3-1, 3-2, 3-3],
                   [1-1, 2-1, 3-1], [1-2, 2-2, 3-2], [1-3, 2-3, 3-3],
                   [1-1, 2-2, 3-3], [1-3, 2-2, 3-1]])
    ),
    forall(member(Cell, L), memberchk(Cell-P, Board)),
    !.
