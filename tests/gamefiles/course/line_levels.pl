% A course-style game of our own (2023/24 form) for check-game's adapter
% proposal: the player to move is an atom inside st(Board, Player),
% initial_state/2 takes any length but play/0 passes 4, the AI levels
% are atoms (easy, hard, and a human one), value/3 takes the board, not
% the state, and display_game/2 takes the menu's settings first and the
% state second. Players put a stone on an empty cell; two stones of one
% player side by side win.
:- use_module(library(lists)).

initial_state(Size, st(Board, red)) :-
    integer(Size),
    Size >= 3,
    length(Board, Size),
    maplist(=(e), Board).

other(red, blue).
other(blue, red).

valid_moves(st(Board, P), Moves) :-
    (   game_over(st(Board, P), _)
    ->  Moves = []
    ;   findall(I, nth1(I, Board, e), Moves)
    ).

move(st(Board, P), I, st(Board1, O)) :-
    integer(I),
    \+ game_over(st(Board, P), _),
    nth1(I, Board, e),
    put_at(Board, I, P, Board1),
    other(P, O).

put_at([_|Cells], 1, X, [X|Cells]) :-
    !.
put_at([C|Cells], I, X, [C|Cells1]) :-
    I > 1,
    I1 is I - 1,
    put_at(Cells, I1, X, Cells1).

game_over(st(Board, _), Winner) :-
    (   append(_, [W, W|_], Board), W \== e
    ->  Winner = W
    ;   \+ memberchk(e, Board)
    ->  Winner = draw
    ).

% 10 for a win, -10 for a loss, else the stones a player has with an
% empty cell beside them
value(Board, P, V) :-
    length(Board, N),
    other(P, O),
    (   append(_, [P, P|_], Board)
    ->  V = 10
    ;   append(_, [O, O|_], Board)
    ->  V = -10
    ;   findall(x, ( between(1, N, I), nth1(I, Board, P),
                     J is I + 1, nth1(J, Board, e) ), Xs),
        length(Xs, V)
    ).

choose_move(S, easy, M) :-
    valid_moves(S, [M|_]).
choose_move(S, hard, M) :-
    valid_moves(S, Ms),
    last(Ms, M).
choose_move(_, human, M) :-
    read(M).

display_game(settings(Names, _), st(Board, P)) :-
    forall(member(C, Board), format("~w ", [C])),
    nl,
    format("~w to move (~w)~n", [P, Names]).

play :-
    initial_state(4, S),
    display_game(settings(ann-bob, human-easy), S).
