% A course-style game of our own that keeps the player beside its state
% and whose valid_moves/3 has many answers: its helper keeps or drops
% each free cell, the full list first, and a last clause gives [] (the
% first answer is the one its loop uses). Three marks in a row on a line
% of nine cells win.
:- use_module(library(lists)).

initial_state([0, 0, 0, 0, 0, 0, 0, 0, 0]).

next_player(1, 2).
next_player(2, 1).

valid_moves(Board, _Player, Moves) :-
    findall(I, nth1(I, Board, 0), Free),
    some(Free, Moves).
valid_moves(_, _, []).

some([], []).
some([X|Xs], [X|Ys]) :- some(Xs, Ys).
some([_|Xs], Ys) :- some(Xs, Ys).

move(Board, Player, I, NewBoard) :-
    nth1(I, Board, 0),
    nth1(I, Board, _, Rest),
    nth1(I, NewBoard, Player, Rest).

game_over(Board, Winner) :-
    append(_, [W, W, W|_], Board),
    W \== 0,
    !,
    Winner = W.
game_over(Board, draw) :-
    \+ memberchk(0, Board).

choose_move(Board, Player, 1, Move) :-
    valid_moves(Board, Player, Moves),
    random_member(Move, Moves).

display_game(Board) :-
    forall(member(X, Board), format("~w ", [X])),
    nl.

play :-
    initial_state(Board),
    loop(Board, 1).

loop(Board, _) :-
    game_over(Board, Winner),
    !,
    format("Winner: ~w~n", [Winner]).
loop(Board, Player) :-
    display_game(Board),
    choose_move(Board, Player, 1, Move),
    move(Board, Player, Move, Board1),
    next_player(Player, Next),
    loop(Board1, Next).
