% An earlier version: takes of up to 5, players numbered 1 and 2.
take_options(N, Ks) :-
    Top is min(5, N),
    findall(K, between(1, Top, K), Ks).

other(1, 2).
other(2, 1).

display_game(h(N, P)) :-
    label(P, Name),
    format("~w stones, ~w to take~n", [N, Name]).
