% A course-style game: its state partly asserted in initial_state/2, a
% menu that reads from standard input and runs at load time, moves that
% print and read. Loads and plays in the game host's jail.
:- dynamic moves_made/1.
:- initialization(main).

main :-
    write('1. Play  2. Quit'), nl,
    get_code(Choice),
    Choice == -1.

players([a, b]).

initial_state(_, s(0)) :-
    retractall(moves_made(_)),
    assertz(moves_made(0)),
    format("~s~n", ["a new game"]).

current_player(s(N), P) :-
    (   N mod 2 =:= 0
    ->  P = a
    ;   P = b
    ).

valid_moves(s(N), Moves) :-
    get_code(C),                        % end_of_file: -1, never blocks
    peek_code(C),
    read_line_to_codes(user_input, end_of_file),
    (   N < 3
    ->  Moves = [1, 2]
    ;   Moves = []
    ).

move(s(N), M, s(N1)) :-
    N1 is N + M,
    retract(moves_made(K)),
    K1 is K + 1,
    assertz(moves_made(K1)),
    put_code(0'>),
    print_message(informational, format("moved ~w", [M])).

game_over(s(N), Winner) :-
    N >= 3,
    (   N =:= 3
    ->  Winner = a
    ;   Winner = b
    ).
