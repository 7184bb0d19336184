% A game of our own whose display_game/1 throws (~s given a number, not
% a code list): the game is played all the same.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 4 -> Ms = [] ; Ms = [1] ).
move(s(N, P), 1, s(N1, Q)) :- N < 4, N1 is N + 1, other(P, Q).
other(a, b).
other(b, a).
game_over(s(4, _), b).
display_game(s(N, P)) :- format("~w to move after ~s~n", [P, N]).
