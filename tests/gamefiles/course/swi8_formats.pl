% A course-style game of our own written for SWI-Prolog 8, whose format
% calls SWI-Prolog 9 refuses: more arguments than the format takes
% (`ansi_format([bold], 'Heap: ', [world])`, the manual's example kept),
% a number for the format's text, written or computed, and such calls
% passed as a goal to a predicate of the game's own. Take 1 or 2 from a
% heap of 5; who takes the last wins.
:- use_module(library(lists)).

players([ann, bob]).

initial_state(_, heap(5, ann)).

current_player(heap(_, P), P).

valid_moves(heap(N, _), Moves) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).

move(heap(N, P), T, heap(N1, Q)) :-
    memberchk(T, [1, 2]),
    T =< N,
    N1 is N - T,
    other(P, Q).

other(ann, bob).
other(bob, ann).

game_over(heap(0, P), W) :-
    other(P, W).

display_game(heap(N, P)) :-
    ansi_format([bold], 'Heap: ', [world]),
    ansi_format([fg(green)], N, [world]),
    format(" left~n", [unused]),
    boxed(( ansi_format([bold], 'To take: ', [world]), write(P) )),
    ansi_format([], 7, []), nl.

boxed(Goal) :-
    write('| '), call(Goal), write(' |'), nl.
