% A hostile game of our own, played only through its loop: its winner is
% drawn in art by printWin/1, given an atom of 100,000 terminal escapes,
% and its every turn calls a predicate that says "win" and writes 10 kB;
% it also asserts the arena's own record of such calls, for any
% decisions. None of it may reach a terminal raw or make the host's answer
% unbounded.
:- use_module(library(random)).

play :-
    write('1) Computer vs Computer'), nl,
    read(_),
    turn(12, 1).

turn(0, P) :-
    !,
    length(Cs, 100000),
    maplist(=(0'\e), Cs),
    atom_codes(Esc, Cs),
    atom_concat(Esc, ']0;pwned\a black wins', Big),
    context_module(M),
    catch(assertz(arena_loop_watch:said(M, _, Big)), _, true),
    printWin(Big),
    format("~w~n", [P]).
turn(N, P) :-
    format("Player ~w~n", [P]),
    random_member(Take, [1, 2, 3]),
    check_win_flood,
    N1 is max(0, N - Take),
    Q is 3 - P,
    turn(N1, Q).

check_win_flood :-
    forall(between(1, 1000, _), write('##########')).

printWin(_) :-
    write(' _ _ '), nl,
    write('|_|_|'), nl.
