% A course-style game of our own whose display_game/1 has a clause for a
% board and one for a board and the player, the first asking the length
% of what it is given: SICStus' length/2 fails for Board-Player, so the
% second clause draws it. Take 1 or 2 from a row of 7 cells; who takes
% the last wins.
:- use_module(library(lists)).

players([ann, bob]).

initial_state(_, [x, x, x, x, x, x, x]-ann).

current_player(_-P, P).

valid_moves(Row-_, Moves) :-
    length(Row, N),
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).

move(Row-P, T, Row1-Q) :-
    memberchk(T, [1, 2]),
    length(Taken, T),
    append(Taken, Row1, Row),
    other(P, Q).

other(ann, bob).
other(bob, ann).

game_over([]-P, W) :-
    other(P, W).

display_game(Row) :-
    length(Row, N),
    format("~w cells~n", [N]).
display_game(Row-Player) :-
    display_game(Row),
    format("~w to take~n", [Player]).
