% A course-style game of our own whose move/3 keeps the player to move:
% the state [Cells, Player] names the player, but its loop, not move/3,
% hands the turn over with opposite/2. Each turn puts the mover's colour
% on an empty cell of a row of eight; three of one colour side by side
% win, a full row is a draw.
:- use_module(library(lists)).

opposite(red, blue).
opposite(blue, red).

initial_state([[e, e, e, e, e, e, e, e], red]).

valid_moves([Cells, _], Moves) :-
    findall(I, nth1(I, Cells, e), Moves).

move([Cells, Player], I, [Cells1, Player]) :-
    nth1(I, Cells, e),
    set_cell(Cells, 1, I, Player, Cells1).

set_cell([], _, _, _, []).
set_cell([C|Cs], J, I, P, [D|Ds]) :-
    (   J =:= I -> D = P ; D = C ),
    J1 is J + 1,
    set_cell(Cs, J1, I, P, Ds).

game_over([Cells, _], Winner) :-
    append(_, [W, W, W|_], Cells),
    W \== e,
    !,
    Winner = W.
game_over([Cells, _], draw) :-
    \+ memberchk(e, Cells).

display_game([Cells, Player]) :-
    forall(member(C, Cells), format("~w ", [C])),
    format("~n~w to play~n", [Player]).

play :-
    initial_state(S),
    turn(S).

turn(S) :-
    game_over(S, Winner),
    !,
    format("Game over: ~w~n", [Winner]).
turn([Cells, Player]) :-
    display_game([Cells, Player]),
    valid_moves([Cells, Player], Moves),
    random_member(I, Moves),
    move([Cells, Player], I, [Cells1, Player]),
    opposite(Player, Next),
    turn([Cells1, Next]).
