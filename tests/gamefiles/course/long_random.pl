% A game of our own whose first move decides how long it lasts: two of
% its three first moves end it, the third leads to a long walk that
% random play rarely finishes within check-game's ply bound (as random
% play in a race game may never bring its pieces home).
players([a, b]).
initial_state(_, s(start, 0, a)).
current_player(s(_, _, P), P).
valid_moves(S, []) :-
    game_over(S, _),
    !.
valid_moves(s(Phase, _, _), Ms) :-
    moves(Phase, Ms).
move(s(Phase, N, P), M, s(Phase1, N1, Q)) :-
    step(Phase, M, N, Phase1, N1),
    other(P, Q).
game_over(s(Phase, N, P), W) :-
    over(Phase, N),
    other(P, W).
moves(start, [short, short_too, long]).
moves(long, [ahead, back, back_too]).
step(start, short, N, done, N).
step(start, short_too, N, done, N).
step(start, long, N, long, N).
step(long, ahead, N, long, N1) :- N1 is N + 1.
step(long, back, N, long, N1) :- N1 is max(0, N - 1).
step(long, back_too, N, long, N1) :- N1 is max(0, N - 1).
over(done, _).
over(long, 40).
other(a, b).
other(b, a).
