% A course-style game of our own whose winner is the name its menu was
% given (as menu_config.pl, but game_over/2 names the winner, and the
% names are read as codes). A row of cells, each player in turn fills one
% or two neighbouring empty cells; who fills the last one wins.
:- use_module(library(lists)).

play :-
    ask_width(Width),
    format("Name of player 1: "),
    read_line_to_codes(user_input, N1),
    format("Name of player 2: "),
    read_line_to_codes(user_input, N2),
    initial_state(game_config(Width, N1, N2), State),
    turns(State).

ask_width(Width) :-
    repeat,
    format("Board width (3 to 9): "),
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  !, fail
    ;   number_string(Width, Line), between(3, 9, Width)
    ->  !
    ;   format("The width must be between 3 and 9.~n"),
        fail
    ).

initial_state(game_config(Width, N1, N2), game_state(Row, 1, N1-N2)) :-
    length(Row, Width),
    maplist(=(o), Row).

display_game(game_state(Row, P, _)) :-
    atomic_list_concat(Row, ' ', Text),
    format("~w~nPlayer ~w to fill.~n", [Text, P]).

valid_moves(game_state(Row, _, _), Moves) :-
    findall(I-Len, ( nth1(I, Row, o), member(Len, [1, 2]), filled(Row, I, Len, _) ), Moves).

filled(Row, I, 1, Row1) :-
    nth1(I, Row, o),
    set_cell(Row, I, Row1).
filled(Row, I, 2, Row2) :-
    J is I + 1,
    nth1(I, Row, o),
    nth1(J, Row, o),
    set_cell(Row, I, Row1),
    set_cell(Row1, J, Row2).

set_cell(Row, I, Row1) :-
    nth1(I, Row, _, Rest),
    nth1(I, Row1, x, Rest).

move(game_state(Row, P, Names), I-Len, game_state(Row1, Q, Names)) :-
    filled(Row, I, Len, Row1),
    Q is 3 - P.

game_over(game_state(Row, P, N1-N2), Winner) :-
    \+ memberchk(o, Row),
    W is 3 - P,
    nth1(W, [N1, N2], Winner).

turns(State) :-
    display_game(State),
    (   game_over(State, W)
    ->  format("~s wins!~n", [W])
    ;   valid_moves(State, [Move|_]),
        move(State, Move, State1),
        turns(State1)
    ).
