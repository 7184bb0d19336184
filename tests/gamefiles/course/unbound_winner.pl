% A course-style game of our own whose game_over/2 always succeeds and
% binds its winner only once a player has won (its loop tests the
% winner it gets). Players take 1 or 2 from a pile of 7; who takes the
% last wins.
players([a, b]).

initial_state(_, s(7, a)).

current_player(s(_, P), P).

valid_moves(s(N, _), Ms) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Ms).

move(s(N, P), T, s(N1, Q)) :-
    valid_moves(s(N, P), Ms),
    memberchk(T, Ms),
    N1 is N - T,
    other(P, Q).

game_over(s(N, P), Winner) :-
    (   N =:= 0
    ->  other(P, Winner)
    ;   write('')
    ).

other(a, b).
other(b, a).
