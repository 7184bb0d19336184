% Board helpers of the hexapawn submission.

square(Row, Col, Sq) :-
    Sq is (Row - 1) * 3 + Col.

piece_char(w, 'W').
piece_char(b, 'B').
piece_char(e, '.').

turn_piece(white, w).
turn_piece(black, b).

next_turn(white, black).
next_turn(black, white).

forward(white, 3).
forward(black, -3).

pawn_move(Board, Turn, From, To) :-
    turn_piece(Turn, Piece),
    nth1(From, Board, Piece),
    forward(Turn, Step),
    Ahead is From + Step,
    between(1, 9, Ahead),
    Col is (From - 1) mod 3,
    (   To = Ahead,
        nth1(To, Board, e)
    ;   member(Side, [-1, 1]),
        ToCol is Col + Side,
        between(0, 2, ToCol),
        To is Ahead + Side,
        next_turn(Turn, Other),
        turn_piece(Other, Enemy),
        nth1(To, Board, Enemy)
    ).

won(Board, w) :-
    ( member(Sq, [7, 8, 9]), nth1(Sq, Board, w)
    ; \+ memberchk(b, Board)
    ),
    !.
won(Board, b) :-
    ( member(Sq, [1, 2, 3]), nth1(Sq, Board, b)
    ; \+ memberchk(w, Board)
    ),
    !.

replace_square(Board, Sq, Piece, Board1) :-
    nth1(Sq, Board, _, Rest),
    nth1(Sq, Board1, Piece, Rest).

count_piece(Board, Piece, N) :-
    findall(x, member(Piece, Board), Xs),
    length(Xs, N).

advance(Board, Turn, A) :-
    turn_piece(Turn, Piece),
    findall(R, ( nth1(Sq, Board, Piece), R is (Sq - 1) // 3 ), Rows),
    sumlist(Rows, Sum),
    (   Turn == white
    ->  A = Sum
    ;   length(Rows, N),
        A is 2 * N - Sum
    ).
