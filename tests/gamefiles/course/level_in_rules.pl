% A course-style game of our own whose menu offers people or computers,
% and whose valid_moves/2 asks a computer player's level at the keyboard
% (a rule reading the keyboard): the menu's computer-against-computer
% config gives the proposal no rules it can run, the first option's
% (people) does. Take 1 or 2 of 8 sticks; who takes the last one wins.
play :-
    format("1. Person against person~n2. Person against computer~n"),
    format("3. Computer against computer~nChoose: "),
    read_line_to_string(user_input, Line),
    number_string(Mode, Line),
    between(1, 3, Mode),
    initial_state(mode(Mode), S),
    turns(S).

initial_state(mode(Mode), game(8, 1, Mode)).

computer(game(_, 1, Mode)) :- Mode == 3.
computer(game(_, 2, Mode)) :- Mode >= 2.

valid_moves(S, Moves) :-
    (   computer(S)
    ->  format("Level of the computer (1-2): "),
        read_line_to_string(user_input, L),
        number_string(_, L)
    ;   true
    ),
    S = game(N, _, _),
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).

move(game(N, P, Mode), T, game(N1, Q, Mode)) :-
    T =< N,
    N1 is N - T,
    Q is 3 - P.

game_over(game(0, P, _), W) :-
    W is 3 - P.

turns(S) :-
    (   game_over(S, W)
    ->  format("Player ~w wins~n", [W])
    ;   valid_moves(S, [T|_]),
        move(S, T, S1),
        turns(S1)
    ).
