% A course-style game of our own whose state is Board-Player-Next (both
% places alternate, the player to move written first), whose game_over/2
% names the winner by colour (a fact says which player plays which), and
% whose loop ends a full board itself, so game_over/2 fails there while no
% move is left. Two cells of one colour side by side win.
:- use_module(library(lists)).

player_colour(red, player1).
player_colour(blue, player2).

initial_state(_, [empty, empty, empty, empty, empty]-player1-player2).

valid_moves(Board-_-_, Moves) :-
    findall(I, nth1(I, Board, empty), Moves).

move(Board-Player-Next, I, Board1-Next-Player) :-
    nth1(I, Board, empty),
    player_colour(Colour, Player),
    nth1(I, Board, _, Rest),
    nth1(I, Board1, Colour, Rest).

game_over(Board-_-_, Winner) :-
    append(_, [C, C|_], Board),
    C \== empty,
    Winner = C.

display_game(Board-Player-_) :-
    format("~w, ~w to move~n", [Board, Player]).
