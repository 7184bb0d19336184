% expect: refused $VAR
% The same with '$VAR'/1 declared dynamic (no clause: safe to the sandbox).
:- dynamic('$VAR'/1).
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    catch(offset('$VAR'(0), '$VAR'(1)), _, true),
    term_string(G, "shell('touch /tmp/arena-escape-pwned')"),
    offset(0, G).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).
