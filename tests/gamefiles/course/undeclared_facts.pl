% A course-style game of our own whose position is a fact it never
% declares dynamic, changed through names passed to call/N
% (maplist(assertz, ...), call(assertz, Fact)): a race to 10, each move
% adding 1 to 3 to total/1; who reaches 10 wins.
:- use_module(library(lists)).
:- use_module(library(apply)).

players([a, b]).

initial_state(_, turn(a)) :-
    retractall(total(_)),
    maplist(assertz, [total(0)]).

current_player(turn(P), P).

valid_moves(S, Moves) :-
    (   game_over(S, _)
    ->  Moves = []
    ;   total(T),
        findall(M, ( between(1, 3, M), T + M =< 10 ), Moves)
    ).

move(turn(P), M, turn(O)) :-
    \+ game_over(turn(P), _),
    integer(M),
    between(1, 3, M),
    total(T),
    T1 is T + M,
    T1 =< 10,
    retract(total(T)),
    Fact =.. [total, T1],
    call(assertz, Fact),
    other(P, O).

other(a, b).
other(b, a).

game_over(turn(P), Winner) :-
    total(10),
    other(P, Winner).
