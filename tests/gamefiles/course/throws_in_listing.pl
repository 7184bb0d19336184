% A game of our own whose move/3 lists the moves again, and whose
% valid_moves/2 throws in its own clause (arithmetic on a variable the
% student forgot to bind) once the heap is small: the no-contest names
% valid_moves/2 as the student wrote it, though the game host loads its
% clauses under another name.
players([a, b]).
initial_state(_, s(9, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :-
    (   N > 4
    ->  Limit = 2
    ;   Limit is _Cells + 1
    ),
    findall(T, ( between(1, Limit, T), T =< N ), Ms).
move(s(N, P), T, s(N1, Q)) :-
    valid_moves(s(N, P), Ms),
    memberchk(T, Ms),
    N1 is N - T,
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(0, P), W) :- other(P, W).
display_game(s(N, P)) :- format("~w left, ~w to move~n", [N, P]).
