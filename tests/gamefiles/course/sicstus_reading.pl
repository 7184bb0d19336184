% A game of our own written as SICStus reads it: the operators of
% library(clpfd) (#=) in its rules, with `/` as SICStus' clpfd divides,
% do-loops (foreach, count, for, fromto, foreacharg, param), format's
% ~NF in display_game/1, library(random) seeded by an integer, and
% nth0/4 given an index below the first (SICStus fails, SWI raises), and
% lists built with SICStus' list cell '.'/2.
:- use_module(library(clpfd)).
:- use_module(library(lists)).
:- use_module(library(random)).

players([a, b]).
initial_state(_, s(Row, a)) :-
    setrand(42),                        % SICStus takes an integer seed
    ( for(_, 1, 4), foreach(0, Row) do true ).
current_player(s(_, P), P).
valid_moves(s(Row, _), Ms) :-
    (   game_over(s(Row, _), _)
    ->  Ms = []
    ;   findall(I, ( nth1(I, Row, 0), left_free(Row, I) ), Ms)
    ).
left_free(Row, I) :-                    % the cell left of I, where there is one
    L is I - 2,
    (   nth0(L, Row, X, _)
    ->  integer(X)
    ;   true
    ).
move(s(Row, P), I, s(Row1, Q)) :-
    nth1(I, Row, 0),
    mark(P, M),
    ( foreach(X, Row), foreach(Y, Row1), count(J, 1, _), param(I, M) do
        ( J * 2 / 2 #= I -> Y = M ; Y = X ) ),
    other(P, Q).
game_over(s(Row, _), W) :-
    \+ memberchk(0, Row),
    ( foreach(X, Row), fromto(0, S0, S, Sum) do S is S0 + X ),
    (   Sum > 0 -> W = a
    ;   Sum < 0 -> W = b
    ;   W = draw
    ).
value(s(Row, _), P, V) :-
    mark(P, M),
    ( foreacharg(X, t(Row)), fromto(0, V0, V1, V), param(M) do
        sum_list(X, S), V1 is V0 + S * M ).
display_game(s(Row, P)) :-
    length(Row, N),
    Share is N / 4,
    Args = .(P, .(Share, [])),          % SICStus' list cell
    format("~w to move, ~2F of the row~n", Args),
    ( foreach(X, Row) do format("~w ", [X]) ),
    nl.
mark(a, 1).
mark(b, -1).
other(a, b).
other(b, a).
