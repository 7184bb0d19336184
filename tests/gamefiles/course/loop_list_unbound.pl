% A course-style game of our own, for two people only, with a bug in
% its list of moves: once fourteen sticks are taken, the
% list it writes is unbound ("_123"), so every answer is refused, with
% no word, and its question is asked for ever.
:- use_module(library(lists)).

play :-
    turn(20, 0, one, two).

turn(0, _, P, _) :-
    !,
    format("No sticks left: ~w wins!~n", [P]).
turn(N, Taken, P, Q) :-
    format("~w sticks left.~n", [N]),
    moves(N, Taken, Moves),
    write('You may take:'), nl,
    write(Moves), nl,
    write('Your move: '),
    read(M),
    (   is_list(Moves), memberchk(M, Moves)
    ->  N1 is N - M,
        Taken1 is Taken + M,
        turn(N1, Taken1, Q, P)
    ;   turn(N, Taken, P, Q)           % asked again, with no word
    ).

moves(N, Taken, Moves) :-
    (   Taken >= 14
    ->  true                            % the bug: Moves left unbound
    ;   findall(K, ( member(K, [1, 2]), K =< N ), Moves)
    ).
