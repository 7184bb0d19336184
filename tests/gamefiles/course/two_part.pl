% A course game of our own whose turn has two parts, chained by its game
% loop: place a mark on an empty cell (move/3), then slide that mark one
% cell left or right or leave it (move/4, given the cell). game_over/3
% takes the rounds left, which the loop counts down from a menu fact;
% the row's length is another; value/3 rates a cell, not a player. No players/1 or current_player/2:
% check-game proposes the adapter.
size(7).
rounds(6).

initial_state(N, Cells-red) :-
    length(Cells, N),
    maplist(=(e), Cells).

valid_moves(S, Moves) :-
    findall(I, move(S, I, _), Moves).

valid_moves(S, I, Dirs) :-
    findall(D, move(S, D, I, _), Dirs).

move(Cells-P, I, Cells1-P) :-
    nth1(I, Cells, e),
    put(Cells, I, P, Cells1).

move(Cells-P, stay, I, Cells-O) :-
    nth1(I, Cells, P),
    other(P, O).
move(Cells-P, Dir, I, Cells2-O) :-
    nth1(I, Cells, P),
    step(Dir, I, J),
    nth1(J, Cells, e),
    put(Cells, I, e, Cells1),
    put(Cells1, J, P, Cells2),
    other(P, O).

step(left, I, J) :- J is I - 1.
step(right, I, J) :- J is I + 1.

put([_|T], 1, X, [X|T]) :- !.
put([H|T], I, X, [H|T1]) :- I > 1, I1 is I - 1, put(T, I1, X, T1).

other(red, blue).
other(blue, red).

game_over(Cells-_, W, _) :-
    append(_, [W, W, W|_], Cells),
    W \== e,
    !.
game_over(Cells-_, draw, Left) :-
    (   Left < 1
    ;   \+ memberchk(e, Cells)
    ),
    !.

% how central a cell is, for the game's own hints: a cell, not a player
value(Cells-_, I, V) :-
    integer(I),
    length(Cells, N),
    V is N - abs(2 * I - N - 1).

display_game(Cells-P) :-
    atomic_list_concat(Cells, ' ', Row),
    format("~w~n~w to play~n", [Row, P]).

play :-
    size(N),
    rounds(R),
    initial_state(N, S),
    game_loop(S, R).

game_loop(S, Left) :-
    game_over(S, W, Left),
    !,
    format("~w~n", [W]).
game_loop(S, Left) :-
    display_game(S),
    read(I),
    move(S, I, S1),
    read(D),
    move(S1, D, I, S2),
    Left1 is Left - 1,
    game_loop(S2, Left1).
