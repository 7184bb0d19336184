% A hostile game file: after the first move valid_moves/2 never answers,
% and display_game/1 prints megabytes with terminal escapes.
players([a, b]).
initial_state(_, s(a)).
current_player(s(a), a).
current_player(s(b), b).
current_player(s(c), a).
valid_moves(s(a), [go]).
valid_moves(s(b), M) :-
    repeat,
    M == never.
valid_moves(s(c), []).
move(s(a), go, s(b)).
move(s(b), go, s(c)).
game_over(s(c), a).
display_game(_) :-
    forall(between(1, 200000, _), write('\e]0;owned\a\e[2J=cmd|x ')).
play :- initial_state([], S), display_game(S).
