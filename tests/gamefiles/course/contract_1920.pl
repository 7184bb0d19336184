% Noughts and crosses written to the 2019/20 contract: initial/1, the
% player beside the board (display_game/2, valid_moves/3,
% choose_move/4), move(+Move, +Board, -NewBoard) with the piece in the
% move, and a loop that keeps whose turn it is.
:- use_module(library(lists)).
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    write('Option: '),
    read(Mode),
    initial(Board),
    display_game(Board, cross),
    game_loop(Mode, Board, cross).

game_loop(_, Board, _) :-
    game_over(Board, Winner), !,
    (   Winner == draw -> write('It is a draw.') ; format("~w wins!", [Winner]) ), nl.
game_loop(Mode, Board, Player) :-
    (   Mode =:= 2 -> choose_move(Board, Player, 1, Move) ; ask_move(Board, Player, Move) ),
    move(Move, Board, Board1),
    next_player(Player, Next),
    display_game(Board1, Next),
    game_loop(Mode, Board1, Next).

ask_move(Board, Player, Player-Cell) :-
    format("Cell for ~w (1-9): ", [Player]),
    read(Cell),
    (   valid_moves(Board, Player, Moves), memberchk(Player-Cell, Moves) -> true
    ;   write('Invalid cell.'), nl, ask_move(Board, Player, Player-Cell) ).

initial([e, e, e, e, e, e, e, e, e]).

next_player(cross, nought).
next_player(nought, cross).

display_game(Board, Player) :-
    forall(member(Row, [[1, 2, 3], [4, 5, 6], [7, 8, 9]]),
           ( forall(member(I, Row), ( nth1(I, Board, C), format(" ~w", [C]) )), nl )),
    format("~w to play~n", [Player]).

valid_moves(Board, Player, Moves) :-
    findall(Player-I, nth1(I, Board, e), Moves).

move(Player-Cell, Board, NewBoard) :-
    nth1(Cell, Board, e),
    mark(Player, Mark),
    nth1(Cell, Board, _, Rest),
    nth1(Cell, NewBoard, Mark, Rest).

mark(cross, x).
mark(nought, o).

game_over(Board, Winner) :-
    member([A, B, C], [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 4, 7], [2, 5, 8], [3, 6, 9],
                       [1, 5, 9], [3, 5, 7]]),
    nth1(A, Board, M), M \== e, nth1(B, Board, M), nth1(C, Board, M),
    !,
    mark(Winner, M).
game_over(Board, draw) :-
    \+ memberchk(e, Board).

choose_move(Board, Player, _, Move) :-
    valid_moves(Board, Player, Moves),
    random_member(Move, Moves).
