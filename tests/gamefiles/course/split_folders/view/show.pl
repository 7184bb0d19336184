display_game(h(N, P)) :-
    format("~w stones, ~w to take~n", [N, P]).
