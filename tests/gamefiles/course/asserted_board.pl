% A course-style game of our own (2024/25 contract) that keeps its board
% in the database: tic-tac-toe on a Size x Size board whose pieces are
% piece(Row, Col, Player) facts move/3 asserts; the size is a fact the
% game's menu asserts (arena_setup/1 here) and initial_state/2 reads;
% choose_move/3 level 2 tries each move on the board itself and
% memoises its scores in scored/2 facts.
:- use_module(library(lists)).
:- dynamic piece/3, board_size/1, scored/2.

arena_setup(set_size(3)).

set_size(N) :-
    retractall(board_size(_)),
    assertz(board_size(N)).

players([x, o]).

current_player(state(P, _), P).

initial_state(_, state(x, 0)) :-
    board_size(N),
    N >= 3,
    retractall(piece(_, _, _)),
    retractall(scored(_, _)).

valid_moves(S, Moves) :-
    (   game_over(S, _)
    ->  Moves = []
    ;   board_size(N),
        findall(R-C, ( between(1, N, R), between(1, N, C), \+ piece(R, C, _) ), Moves)
    ).

move(state(P, T), R-C, state(O, T1)) :-
    \+ game_over(state(P, T), _),
    board_size(N),
    integer(R),
    integer(C),
    between(1, N, R),
    between(1, N, C),
    \+ piece(R, C, _),
    assertz(piece(R, C, P)),
    other(P, O),
    T1 is T + 1.

other(x, o).
other(o, x).

game_over(state(_, T), Winner) :-
    (   other(P, _),
        line(Line),
        forall(member(R-C, Line), piece(R, C, P))
    ->  Winner = P
    ;   board_size(N),
        T >= N * N
    ->  Winner = draw
    ).

line(Line) :-
    board_size(N),
    (   between(1, N, R),
        findall(R-C, between(1, N, C), Line)
    ;   between(1, N, C),
        findall(R-C, between(1, N, R), Line)
    ;   findall(I-I, between(1, N, I), Line)
    ;   findall(I-J, ( between(1, N, I), J is N + 1 - I ), Line)
    ).

value(_, P, V) :-
    other(P, O),
    aggregate_all(count, open_line(P), Mine),
    aggregate_all(count, open_line(O), Theirs),
    V is Mine - Theirs.

open_line(P) :-
    other(P, O),
    line(Line),
    \+ ( member(R-C, Line), piece(R, C, O) ).

choose_move(S, 1, M) :-
    valid_moves(S, Moves),
    random_member(M, Moves).
choose_move(S, 2, M) :-
    valid_moves(S, Moves),
    findall(Score-M0, ( member(M0, Moves), scored_move(S, M0, Score) ), Scored),
    max_member(_-M, Scored).

scored_move(S, M, Score) :-
    findall(R-C-P, piece(R, C, P), Board),
    (   scored(Board-M, Score)
    ->  true
    ;   S = state(P, _),
        move(S, M, S1),
        (   game_over(S1, P) -> Score = 1 ; Score = 0 ),
        M = R-C,
        retract(piece(R, C, P)),
        assertz(scored(Board-M, Score))
    ).

display_game(state(P, _)) :-
    board_size(N),
    forall(between(1, N, R),
           ( forall(between(1, N, C),
                    ( piece(R, C, X) -> write(X) ; write('.') )),
             nl )),
    format("~w to move~n", [P]).
