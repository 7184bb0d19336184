% A hostile game of our own, played only through its loop: its computer
% calls the arena's own pick with kinds the loader never writes (a
% cyclic written/1, a range of 10^12 numbers), to hang the host or make
% it list every number.
play :-
    write('1) Computer vs Computer'), nl,
    read(_),
    turn(20, 1).

turn(0, P) :-
    !,
    format("Player ~w wins!~n", [P]).
turn(N, P) :-
    K = written(K),
    (   catch(arena_loop_drive:loop_choice(K, [], _), _, true) -> true ; true ),
    arena_loop_drive:loop_choice(written(range(0, 1000000000000)), [], Big),
    Take is min(N, 1 + Big mod 3),
    format("Player ~w takes ~w~n", [P, Take]),
    N1 is N - Take,
    Q is 3 - P,
    turn(N1, Q).
