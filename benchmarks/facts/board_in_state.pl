% Tic-tac-toe with its board in the state (a list of 9 cells): the pure
% twin of tests/gamefiles/course/asserted_board.pl, for
% benchmarks/bench_facts.py. It asserts nothing.
:- use_module(library(lists)).

players([x, o]).

current_player(state(_, P), P).

initial_state(_, state([e, e, e, e, e, e, e, e, e], x)).

valid_moves(S, Moves) :-
    (   game_over(S, _)
    ->  Moves = []
    ;   S = state(B, _),
        findall(I, nth1(I, B, e), Moves)
    ).

move(state(B, P), I, state(B1, O)) :-
    \+ game_over(state(B, P), _),
    integer(I),
    nth1(I, B, e),
    set(B, I, P, B1),
    other(P, O).

set([_|T], 1, X, [X|T]) :- !.
set([H|T], I, X, [H|T1]) :- I > 1, I1 is I - 1, set(T, I1, X, T1).

other(x, o).
other(o, x).

game_over(state(B, _), Winner) :-
    (   other(P, _),
        line([I, J, K]),
        nth1(I, B, P), nth1(J, B, P), nth1(K, B, P)
    ->  Winner = P
    ;   \+ memberchk(e, B)
    ->  Winner = draw
    ).

line([1, 2, 3]). line([4, 5, 6]). line([7, 8, 9]).
line([1, 4, 7]). line([2, 5, 8]). line([3, 6, 9]).
line([1, 5, 9]). line([3, 5, 7]).
