:- include('turns.pl').

initial_state(_, h(9, a)).
valid_moves(h(N, _), Moves) :-
    Top is min(3, N),
    findall(K, between(1, Top, K), Moves).
move(h(N, P), K, h(N1, Q)) :-
    integer(K), K >= 1, K =< min(3, N),
    N1 is N - K,
    other(P, Q).
game_over(h(0, P), W) :-
    other(P, W).
