% A course-style game of our own that only its loop knows: its menu
% builds the state with initial_state/4 (size, mode, level) and comes
% back to the menu when a game ends, as a submission does. Its human
% player's prompt prints the columns with format's ~c given a sum, as
% SWI-Prolog refuses. Take 1 or 2 from a heap of 9; who takes the last
% one wins.
:- use_module(library(random)).

play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    initial_state(9, Mode, 1, State),
    loop(State).

initial_state(Size, Mode, Level, s(Size, Mode, Level, 1)).

loop(s(0, _, _, P)) :-
    !,
    Winner is 3 - P,
    format("Computer ~w wins.~n", [Winner]),
    play.
loop(s(N, Mode, Level, P)) :-
    format("~w left, player ~w to take~n", [N, P]),
    take(Mode, N, K),
    N1 is N - K,
    Q is 3 - P,
    loop(s(N1, Mode, Level, Q)).

take(2, N, K) :-
    Top is min(2, N),
    random_between(1, Top, K).
take(1, _, K) :-
    format("take (~c or ~c): ", [0'0+1, 0'0+2]),
    read(K).
