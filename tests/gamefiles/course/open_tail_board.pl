% SICStus as a course writes it: the heap of counters is built by a
% recursion that leaves its tail open, and then shuffled, which SICStus'
% random_permutation/2 takes (the open tail ends the list).
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(between)).

players([left, right]).

initial_state(_, heap(Counters, left)) :-
    build(one, 3, Ones),
    build(two, 2, Twos),
    append(Ones, Twos, All),
    random_permutation(All, Counters).

build(_, 0, _).
build(X, N, [X|T]) :-
    N > 0,
    N1 is N - 1,
    build(X, N1, T).

current_player(heap(_, P), P).

valid_moves(heap(Cs, _), Ms) :-
    (   Cs == [] -> Ms = [] ; findall(K, ( between(1, 2, K), length(Cs, L), K =< L ), Ms) ).

move(heap(Cs, P), K, heap(Rest, Q)) :-
    length(Taken, K),
    append(Taken, Rest, Cs),
    other(P, Q).

game_over(heap([], P), W) :-
    other(P, W).                        % the last to take wins

other(left, right).
other(right, left).

display_game(heap(Cs, P)) :-
    format("~w; ~w to take 1 or 2~n", [Cs, P]).
