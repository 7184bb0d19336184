% Included by the game files beside it: a one-move game whose value/3
% is computed by the lambda its option `variant` names. The game files
% differ only in what they load before including this file.

players([first, second]).

option(variant, 1, "which lambda computes value/3 (1..5)").

initial_state(Options, s(Variant)) :-
    (   memberchk(variant(Variant), Options)
    ->  true
    ;   Variant = 1
    ).

current_player(_, first).

valid_moves(s(_), [stop]).
valid_moves(done(_), []).

move(s(Variant), stop, done(Variant)).

game_over(done(_), draw).

value(s(Variant), _, Value) :-
    score(Variant, Value).
value(done(Variant), _, Value) :-
    score(Variant, Value).

%   score(+Variant, -N): a count computed by a lambda of each kind.
score(1, N) :-                          % a global variable, bound before
    Bigs = [4, 5],
    include([X]>>memberchk(X, Bigs), [3, 4, 5], Big),
    length(Big, N).
score(2, N) :-                          % a free variable, declared
    Limit = 4,
    include({Limit}/[X]>>(X >= Limit), [3, 4, 5], Big),
    length(Big, N).
score(3, N) :-                          % \X^ : X local, Limit global
    Limit = 4,
    include(\X^(X >= Limit), [3, 4, 5], Big),
    length(Big, N).
score(4, N) :-                          % a global variable, free at the call
    maplist([X]>>(X = _Y), [A, B]),
    (   A == B
    ->  N = 1
    ;   N = 0
    ).
score(5, N) :-                          % a lambda inside a lambda
    include([X]>>(include([Y]>>(Y < X), [3, 4, 5], Less), Less \== []), [3, 4, 5], Big),
    length(Big, N).
