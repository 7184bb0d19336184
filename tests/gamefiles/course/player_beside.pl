% A course-style game of our own that keeps the player beside its state,
% as many 2021/22 and 2022/23 submissions do: the board alone is the
% state, valid_moves/3 and move/4 take the player, its loop keeps whose
% turn it is, and initial_state/1 gives the board. Three marks in a row
% on a line of seven cells win.
:- use_module(library(lists)).

initial_state([0, 0, 0, 0, 0, 0, 0]).

next_player(1, 2).
next_player(2, 1).

valid_moves(Board, _Player, Moves) :-
    findall(I, nth1(I, Board, 0), Moves).

move(Board, Player, I, NewBoard) :-
    nth1(I, Board, 0),
    put(Board, 1, I, Player, NewBoard).

put([], _, _, _, []).
put([X|Xs], J, I, P, [Y|Ys]) :-
    (   J =:= I -> Y = P ; Y = X ),
    J1 is J + 1,
    put(Xs, J1, I, P, Ys).

game_over(Board, Winner) :-
    append(_, [W, W, W|_], Board),
    W \== 0,
    !,
    Winner = W.
game_over(Board, draw) :-
    \+ memberchk(0, Board).

value(Board, Player, Value) :-
    findall(I, nth1(I, Board, Player), Own),
    length(Own, Value).

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
