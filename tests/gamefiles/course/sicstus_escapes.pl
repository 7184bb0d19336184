% A game of our own whose banner SICStus reads and SWI-Prolog's reader
% refuses: a backslash before a space (SICStus drops both) and before a
% symbol no escape starts with (SICStus reads the symbol alone); and
% log(Base, X) and exp(X, Y), arithmetic functions SICStus has and
% SWI-Prolog lacks.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 3 -> Ms = [] ; Ms = [1] ).
move(s(N, P), 1, s(N1, Q)) :- N < 3, N1 is N + 1, other(P, Q).
other(a, b).
other(b, a).
game_over(s(3, _), a).
display_game(s(N, P)) :-
    write('  __ \ _|_ __\|'), nl,
    write(' |__) \| |  |_ \33\[0m'), nl,
    Bits is log(2, N + 1),
    Square is exp(N, 2),
    format("~w taken (~2f bits, ~w squared), ~w to move~n", [N, Bits, Square, P]).
