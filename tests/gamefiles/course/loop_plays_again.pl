% A course-style game of our own that only its loop knows: its computers
% take 1 to 3 of 9 sticks in turn; whoever takes the last one wins, but
% where one stick is left for computer 2 the game is a draw. Once a game
% ends the loop asks to play again and begins the next game itself (not
% through play/0, nor an initial_state): any key plays again, 0 goes
% back to the menu.
:- use_module(library(random)).

play :-
    write('1. Player vs Player  2. Computer vs Computer'), nl,
    write('Mode: '),
    read(Mode),
    start_game(Mode).

start_game(Mode) :-
    sticks(N),
    turn(Mode, N, 1).

sticks(9).

turn(Mode, 1, 2) :-
    !,
    write('Computer 2 turn to play.'), nl,
    write('No more moves available. It''s a draw!'), nl,
    again(Mode).
turn(Mode, 0, P) :-
    !,
    Q is 3 - P,
    format("Computer ~w wins!!~n", [Q]),
    again(Mode).
turn(Mode, N, P) :-
    format("~w sticks left~n", [N]),
    format("Computer ~w turn to play.~n", [P]),
    Top is min(3, N),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    N1 is N - T,
    Q is 3 - P,
    turn(Mode, N1, Q).

again(Mode) :-
    write('Tap any key and Enter to play again and 0 to go back to the main menu.'),
    get_code(C),
    skip(10),
    (   C =:= 0'0
    ->  play
    ;   start_game(Mode)
    ).
