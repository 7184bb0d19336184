% A hostile game file: valid_moves/2 never answers and display_game/1
% prints megabytes with terminal escapes.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(S, M) :-
    repeat,
    S == never,
    M = [].
move(s(a), go, s(b)).
game_over(s(b), a).
display_game(_) :-
    forall(between(1, 200000, _), write('\e]0;owned\a\e[2J=cmd|x ')).
play :- initial_state([], S), display_game(S).
