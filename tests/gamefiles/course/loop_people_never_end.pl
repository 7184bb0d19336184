% The mode with computers is not written yet (it returns); people take
% one or two sticks in turn from a heap that is filled again when empty,
% so a game never ends.
play :-
    write('1. Person vs Person'), nl,
    write('2. Computer vs Computer'), nl,
    write('Mode: '),
    read(Mode),
    mode(Mode).

mode(2) :-
    write('Coming soon.'), nl.
mode(1) :-
    turn(7, 1).

turn(N, P) :-
    format("~w sticks left~nPlayer ~w, take 1 or 2: ", [N, P]),
    read(K),
    (   memberchk(K, [1, 2]), K =< N
    ->  N0 is N - K,
        (   N0 =:= 0 -> N1 = 7 ; N1 = N0 ),
        Q is 3 - P,
        turn(N1, Q)
    ;   write('Invalid.'), nl,
        turn(N, P)
    ).
