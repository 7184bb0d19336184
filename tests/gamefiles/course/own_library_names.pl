% A course-style game of our own that loads SICStus' library(between)
% (so it is read as SICStus 4) and library(lists), and defines its own
% sum_list/2 and last/2 over the library's names, as SICStus lets a file
% do; nth0/4 looks left of the first cell, where SICStus fails.
:- use_module(library(lists)).
:- use_module(library(between)).

sum_list(Xs, S) :- sum_list(Xs, 0, S).
sum_list([], S, S).
sum_list([X|Xs], S0, S) :- S1 is S0 + X, sum_list(Xs, S1, S).

last([X], X) :- !.
last([_|Xs], X) :- last(Xs, X).

players([a, b]).
initial_state(_, s([0, 0, 0, 0], a)).
current_player(s(_, P), P).
valid_moves(S, []) :-
    game_over(S, _),
    !.
valid_moves(s(Row, _), Ms) :-
    findall(I, ( nth1(I, Row, 0), L is I - 2,
                 ( nth0(L, Row, _, _) -> true ; true ) ), Ms).
move(s(Row, P), I, s(Row1, Q)) :-
    nth1(I, Row, 0),
    mark(P, M),
    nth1(I, Row, _, Rest),
    nth1(I, Row1, M, Rest),
    other(P, Q).
game_over(s(Row, _), W) :-
    \+ memberchk(0, Row),
    sum_list(Row, Sum),
    last(Row, Last),
    (   Sum + Last > 0 -> W = a
    ;   Sum + Last < 0 -> W = b
    ;   W = draw
    ).
display_game(s(Row, P)) :-
    format("~w to move: ~w~n", [P, Row]).
mark(a, 1).
mark(b, -1).
other(a, b).
other(b, a).
