% A course-style game of our own in the 2022/23 form with a phase: each
% turn a player first places a stone (phase place), then may remove one
% of the opponent's (phase take); move/4 takes Player-Phase,
% initial_state/2 a size, choose_move/4 levels are atoms
% (computer-Level), and the board size is a fact the menu asserts.
:- use_module(library(lists)).
:- dynamic board_size/1.

initial_state(Size, Board-x) :-
    length(Board, Size),
    maplist(=(e), Board).

valid_moves(Board-_, P-place, Moves) :-
    board_size(N),
    findall(I, ( between(1, N, I), nth1(I, Board, e) ), Moves0),
    ( Moves0 == [] -> Moves = [] ; Moves = Moves0 ),
    P \== none.
valid_moves(Board-_, P-take, [none|Moves]) :-
    other(P, O),
    findall(I, nth1(I, Board, O), Moves).

move(Board-P, I, P-place, Board1-P) :-
    integer(I),
    nth1(I, Board, e),
    set(Board, I, P, Board1).
move(Board-P, none, P-take, Board-O) :-
    other(P, O).
move(Board-P, I, P-take, Board1-O) :-
    integer(I),
    other(P, O),
    nth1(I, Board, O),
    set(Board, I, e, Board1).

set([_|T], 1, X, [X|T]) :- !.
set([H|T], I, X, [H|T1]) :- I > 1, I1 is I - 1, set(T, I1, X, T1).

other(x, o).
other(o, x).

game_over(Board-_, Winner) :-
    \+ memberchk(e, Board),
    include(==(x), Board, Xs), length(Xs, NX),
    include(==(o), Board, Os), length(Os, NO),
    (   NX > NO -> Winner = x
    ;   NO > NX -> Winner = o
    ;   Winner = draw
    ).

choose_move(Board-P, P-Phase, computer-1, M) :-
    valid_moves(Board-P, P-Phase, Ms),
    random_member(M, Ms).
choose_move(Board-P, P-Phase, computer-2, M) :-
    valid_moves(Board-P, P-Phase, Ms),
    last(Ms, M).
