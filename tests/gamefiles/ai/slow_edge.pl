% Four in a row on an 8 x 8 board, a stone on any empty cell (1..64, row
% by row from the top left), with slow rules: game_over/2 burns `slow`
% units of work each call, as a course game's rules may. The tests set
% up a line of three at the board's edge that only the last cells block.
players([x, o]).
option(slow, 20000, "units of work a game_over/2 call burns").
initial_state(Options, s(Board, x, Slow)) :-
    (   memberchk(slow(Slow), Options) -> true ; Slow = 20000 ),
    length(Board, 64),
    maplist(=(e), Board).
current_player(s(_, P, _), P).
valid_moves(S, Moves) :-
    (   game_over(S, _)
    ->  Moves = []
    ;   S = s(Board, _, _),
        findall(I, nth1(I, Board, e), Moves)
    ).
move(s(Board, P, Slow), I, s(Board1, P1, Slow)) :-
    integer(I),
    nth1(I, Board, e),
    \+ game_over(s(Board, P, Slow), _),
    replace(Board, I, P, Board1),
    other(P, P1).
replace([_|T], 1, X, [X|T]) :- !.
replace([H|T], I, X, [H|T1]) :- I1 is I - 1, replace(T, I1, X, T1).
other(x, o).
other(o, x).
game_over(s(Board, _, Slow), W) :-
    burn(Slow),
    (   member(W, [x, o]), line(Board, W)
    ->  true
    ;   \+ memberchk(e, Board),
        W = draw
    ).
burn(0) :- !.
burn(N) :- N1 is N - 1, burn(N1).
line(Board, P) :-
    between(0, 7, R), between(0, 7, C),
    member(DR-DC, [0-1, 1-0, 1-1, 1-(-1)]),
    R3 is R + 3 * DR, C3 is C + 3 * DC,
    R3 =< 7, C3 >= 0, C3 =< 7,
    forall(between(0, 3, K),
           ( RK is R + K * DR, CK is C + K * DC, I is RK * 8 + CK + 1,
             nth1(I, Board, P) )),
    !.
value(s(Board, _, _), P, V) :-
    aggregate_all(count, member(P, Board), V).
