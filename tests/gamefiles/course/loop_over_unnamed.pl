% Computers take sticks at random; at the end the loop says GAME OVER
% but not who won (the score decides, and it is never shown), then
% waits for 0 to go back to its menu.
:- use_module(library(random)).

play :-
    write('1. Computer vs Computer'), nl,
    write('2. Exit'), nl,
    write('Option: '),
    read(Option),
    (   Option == 1 -> turn(31, 1) ; true ).

turn(0, _) :-
    !,
    write('=== GAME OVER ==='), nl,
    back.
turn(N, P) :-
    findall(K, ( member(K, [1, 2, 3]), K =< N ), Ks),
    random_member(K, Ks),
    N1 is N - K,
    format("Player ~w takes ~w, ~w left~n", [P, K, N1]),
    Q is 3 - P,
    turn(N1, Q).

back :-
    write('Press [0] to go back to MAIN MENU.'), nl,
    read(X),
    (   X == 0 -> play ; back ).
