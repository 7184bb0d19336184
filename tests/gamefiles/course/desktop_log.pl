% A course-style game of our own that keeps a log of its moves in a file
% on the student's own desktop, opened anew at each move, and reads it
% back to show how many moves it holds: the arena's jail cannot write
% there, and the game must play on. Take 1 or 2 from a heap of 9; who
% takes the last wins.
:- use_module(library(lists)).

players([ann, bob]).

initial_state(_, heap(9, ann)) :-
    open('~/Desktop/pfl/moves.txt', write, Log),
    close(Log).

current_player(heap(_, P), P).

valid_moves(heap(N, _), Moves) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).

move(heap(N, P), T, heap(N1, Q)) :-
    memberchk(T, [1, 2]),
    T =< N,
    N1 is N - T,
    other(P, Q),
    open('~/Desktop/pfl/moves.txt', append, Log),
    format(Log, "~w took ~w~n", [P, T]),
    close(Log).

other(ann, bob).
other(bob, ann).

game_over(heap(0, P), W) :-
    other(P, W).

display_game(heap(N, P)) :-
    open('~/Desktop/pfl/moves.txt', read, Log),
    read_string(Log, _, Text),
    close(Log),
    split_string(Text, "\n", "", Lines),
    length(Lines, K),
    Logged is K - 1,
    format("~w left, ~w to take (~w moves logged)~n", [N, P, Logged]).
