% expect: refused not safe
% A module-qualified goal made from text.
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    term_string(G, "process:process_create(path(touch), ['/tmp/arena-escape-pwned'], [])"),
    call(G).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).

