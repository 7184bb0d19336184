% A game of our own with no valid_moves at all (its loop asks move/3 for
% a move and retries): move/3 gives every move for a free one, so the
% proposal lists them by move/3 itself. Take 1 or 2 from a heap; whoever
% takes the last wins.
initial_state(_, heap(7, left)).
move(heap(N, P), Take, heap(N1, Q)) :-
    member(Take, [1, 2]),
    Take =< N,
    N1 is N - Take,
    other(P, Q).
game_over(heap(0, P), W) :- other(P, W).
other(left, right).
other(right, left).
