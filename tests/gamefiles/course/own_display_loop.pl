% A course-style game of our own (2021/22 contract): initial_state/1
% reads the goal at the keyboard until it gets one from 5 to 9, play/0
% shows the state with a helper of its own and then waits for a word
% (one, two) at the keyboard, calling none of the contract's rules: the
% first state is taken from what initial_state/1 gives.
:- use_module(library(lists)).

initial_state(race(0, Goal, white)) :-
    repeat,
    write('Goal (5 to 9): '),
    read(Goal),
    integer(Goal),
    Goal >= 5,
    Goal =< 9,
    !.

valid_moves(race(N, Goal, _), Moves) :-
    findall(K, ( step(K, _), N + K =< Goal ), Moves).

move(race(N, Goal, P), K, race(N1, Goal, Q)) :-
    step(K, _),
    N1 is N + K,
    N1 =< Goal,
    other(P, Q).

step(1, one).
step(2, two).

other(white, black).
other(black, white).

% the player who reaches the goal wins
game_over(race(Goal, Goal, P), W) :-
    other(P, W).

show(race(N, Goal, P)) :-
    format("~w of ~w, ~w to move~n", [N, Goal, P]).

play :-
    initial_state(S),
    show(S),
    turn(S).

turn(S) :-
    repeat,
    write('Move (one, two): '),
    read(Word),
    step(K, Word),
    !,
    move(S, K, S1),
    show(S1),
    turn(S1).
