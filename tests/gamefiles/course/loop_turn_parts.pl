% A course-style game of our own that only its loop knows, for two
% people only. A move takes two questions, each in the form the question
% names ("Column-Row", read a character at a time): the piece, then where
% it goes. Whose turn it is is written again before every question, and
% after a refused answer. Pawns on a 4 by 4 board: white starts on row 4,
% black on row 1; a pawn steps one row ahead, straight or aslant, to an
% empty cell; the first to reach the far row wins, as does the other
% player where one cannot move. Once asked to play again, it writes
% the session's tally.
:- use_module(library(lists)).

play :-
    write('Choose mode:'), nl,
    write('Player vs Player........[1]'), nl,
    write('Please enter number'), nl,
    read_text(_),
    findall(p(C, 4, white), member(C, [1, 2, 3, 4]), W),
    findall(p(C, 1, black), member(C, [1, 2, 3, 4]), B),
    append(W, B, Pieces),
    turn(Pieces, white).

turn(Pieces, P) :-
    (   \+ a_move(Pieces, P, _, _)
    ->  other(P, Q), over(Pieces, Q)
    ;   ask(Pieces, P, 'Please select the piece you wish to move.', From),
        (   \+ a_move(Pieces, P, From, _)
        ->  write('That piece cannot move. Please choose again.'), nl,
            turn(Pieces, P)
        ;   ask(Pieces, P, 'Now, choose your destination on the board.', To),
            (   a_move(Pieces, P, From, To)
            ->  From = C0-R0, To = C-R,
                select(p(C0, R0, P), Pieces, p(C, R, P), Pieces1),
                (   far_row(P, R)
                ->  over(Pieces1, P)
                ;   other(P, Q), turn(Pieces1, Q)
                )
            ;   write('Oops! That move is not valid. Please try again.'), nl,
                turn(Pieces, P)
            )
        )
    ).

ask(Pieces, P, Say, C-R) :-
    format("Turn of player playing ~w~n", [P]),
    show(Pieces),
    write(Say), nl,
    write('Enter a valid position in this format Column-Row: '), nl,
    read_text(Cs),
    (   Cs = [L, 0'-, D], L >= 0'A, L =< 0'D, D >= 0'1, D =< 0'4
    ->  C is L - 0'A + 1, R is D - 0'0
    ;   write('Please choose again.'), nl,
        ask(Pieces, P, Say, C-R)
    ).

a_move(Pieces, P, C0-R0, C-R) :-
    member(p(C0, R0, P), Pieces),
    ahead(P, R0, R),
    member(DC, [-1, 0, 1]), C is C0 + DC, between(1, 4, C),
    \+ member(p(C, R, _), Pieces).

ahead(white, R0, R) :- R is R0 - 1, R >= 1.
ahead(black, R0, R) :- R is R0 + 1, R =< 4.

far_row(white, 1).
far_row(black, 4).

other(white, black).
other(black, white).

over(Pieces, P) :-
    show(Pieces),
    upcase_atom(P, Up),
    format("[~w] The player with ~w pieces wins!~n", [Up, P]),
    write('The game has ended. Do you want to play again? (y/n)'), nl,
    read_text(_),
    other(P, Q),
    format("Games won this session: ~w 0, ~w 1. The winner of the session is ~w!~n",
           [P, Q, Q]).

show(Pieces) :-
    write('     A   B   C   D'), nl,
    forall(member(R, [1, 2, 3, 4]),
           ( format("~w  |", [R]),
             forall(member(C, [1, 2, 3, 4]),
                    ( member(p(C, R, P), Pieces) -> sub_atom(P, 0, 1, _, S), format(" ~w |", [S])
                    ; write('   |') )),
             nl )).

%   read_text(-Codes): a line typed, a character at a time.
read_text(Cs) :-
    get_char(C),
    (   C == end_of_file -> Cs = []
    ;   C == '\n' -> Cs = []
    ;   char_code(C, X), Cs = [X|Rest], read_text(Rest)
    ).
