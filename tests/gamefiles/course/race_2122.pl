% A course-style race game of our own in the 2021/22 contract:
% initial_state/1, valid_moves/3 and display_game/2 take the player, the
% menu reads with SICStus read_line/1 and peek_code/1, the board is drawn
% with put_code/1 and format column directives.
:- use_module(library(lists)).
:- use_module(library(between)).

players([red, blue]).

initial_state(race(0, 0, red)).

current_player(race(_, _, P), P).

valid_moves(race(R, B, _), _, []) :-
    ( R >= 10 ; B >= 10 ),
    !.
valid_moves(_, _, [1, 2]).

move(race(R, B, P), N, S) :-
    R < 10, B < 10,
    memberchk(N, [1, 2]),
    step(P, R, B, N, S).

step(red, R, B, N, race(R1, B, blue)) :- R1 is R + N.
step(blue, R, B, N, race(R, B1, red)) :- B1 is B + N.

game_over(race(R, _, _), red) :- R >= 10, !.
game_over(race(_, B, _), blue) :- B >= 10.

value(race(R, B, _), red, V) :- V is R - B.
value(race(R, B, _), blue, V) :- V is B - R.

display_game(race(R, B, _), Player) :-
    format("red~t~6|~w~n", [R]),
    format("blue~t~6|~w~n", [B]),
    forall(between(1, R, _), put_code(0'#)),
    nl,
    format("~w to move~n", [Player]).

menu :-
    write('Start? '),
    read_line(Line),
    peek_code(_),
    (   Line == end_of_file
    ->  true
    ;   initial_state(S),
        display_game(S, red)
    ).
