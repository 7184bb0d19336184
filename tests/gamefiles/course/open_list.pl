% A course-style game of our own whose valid_moves/2 gathers the moves
% of each heap with a helper whose base clause leaves the tail of the
% list unbound, as a submission did: the game's own loop closes it
% with length/2. Take 1 or 2 from one of two heaps; who takes the
% last stone wins. The player to move is kept in the state.
:- use_module(library(lists)).

initial_state(g([3, 4], first)).

valid_moves(g(Heaps, _), Moves) :-
    heap_moves(Heaps, 1, Moves).

heap_moves([], _, _).
heap_moves([H|Hs], I, Moves) :-
    findall(I-N, ( member(N, [1, 2]), N =< H ), Here),
    I1 is I + 1,
    heap_moves(Hs, I1, More),
    append(Here, More, Moves).

move(g(Heaps, P), I-N, g(Heaps1, Q)) :-
    nth1(I, Heaps, H),
    H >= N,
    H1 is H - N,
    replace(Heaps, I, H1, Heaps1),
    other(P, Q).

replace([_|T], 1, X, [X|T]) :- !.
replace([H|T], I, X, [H|T1]) :-
    I1 is I - 1,
    replace(T, I1, X, T1).

other(first, second).
other(second, first).

game_over(g([0, 0], P), Winner) :-
    other(P, Winner).

display_game(g(Heaps, P)) :-
    format("heaps ~w, ~w to take~n", [Heaps, P]).

play :-
    initial_state(S),
    loop(S).

loop(S) :-
    game_over(S, W),
    !,
    format("~w wins~n", [W]).
loop(S) :-
    display_game(S),
    valid_moves(S, Ms),
    length(Ms, Len),
    random_between(1, Len, K),
    nth1(K, Ms, M),
    move(S, M, S1),
    loop(S1).
