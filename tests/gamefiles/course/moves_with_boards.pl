% Noughts and crosses whose valid_moves/3 lists each move with the board
% it leads to ([Cell, NewBoard]) while move/3 takes [Cell, Mark]: a
% listed move unifies with move/3's head, and would put a board in a
% cell. Its loop plays computer against computer.
:- use_module(library(lists)).
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('Option: '),
    read(_),
    initial(Board),
    game_loop(Board, cross).

game_loop(Board, _) :-
    game_over(Board, Winner), !,
    (   Winner == draw -> write('It is a draw.') ; format("~w wins!", [Winner]) ), nl.
game_loop(Board, Player) :-
    format("~w to play~n", [Player]),
    valid_moves(Board, Player, Moves),
    random_member([Cell, _], Moves),
    mark(Player, Mark),
    move(Board, [Cell, Mark], Board1),
    next_player(Player, Next),
    game_loop(Board1, Next).

initial([e, e, e, e, e, e, e, e, e]).

next_player(cross, nought).
next_player(nought, cross).

mark(cross, x).
mark(nought, o).

valid_moves(Board, Player, Moves) :-
    mark(Player, Mark),
    findall([I, New], ( nth1(I, Board, e), move(Board, [I, Mark], New) ), Moves).

move(Board, [Cell, Mark], NewBoard) :-
    nth1(Cell, Board, e),
    nth1(Cell, Board, _, Rest),
    nth1(Cell, NewBoard, Mark, Rest).

game_over(Board, Winner) :-
    member([A, B, C], [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 4, 7], [2, 5, 8], [3, 6, 9],
                       [1, 5, 9], [3, 5, 7]]),
    nth1(A, Board, M), M \== e, nth1(B, Board, M), nth1(C, Board, M),
    !,
    mark(Winner, M).
game_over(Board, draw) :-
    \+ memberchk(e, Board).
