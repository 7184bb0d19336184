% Nim (take 1 to 3, taking the last stone wins) whose file also defines
% terms shaped as the reader's marks of where a loaded file begins and
% ends: they are the game's own clauses, and mark nothing.
'$arena_file_end'.
'$arena_file_end'(_).
'$arena_file'(_, 'other.pl').
'$arena_module_file'(_).

initial_state(_, h(9, a)).
valid_moves(h(N, _), Moves) :-
    Top is min(3, N),
    findall(K, between(1, Top, K), Moves).
'$arena_file_end'.
move(h(N, P), K, h(N1, Q)) :-
    integer(K), K >= 1, K =< min(3, N),
    N1 is N - K,
    other(P, Q).
'$arena_file'(_, 'other.pl').
game_over(h(0, P), W) :-
    other(P, W).
players([a, b]).
current_player(h(_, P), P).
other(a, b).
other(b, a).
display_game(h(N, P)) :-
    format("~w stones, ~w to take~n", [N, P]).
