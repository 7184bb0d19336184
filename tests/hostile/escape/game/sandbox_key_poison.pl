% expect: refused $VAR
% library(sandbox)'s proof keys poisoned from a game file (docs/security.md):
% the literal limit('$VAR'(0), '$VAR'(1)) has the key of limit(_, _).
'$VAR'(_).
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(a), [go]) :-
    catch(limit('$VAR'(0), '$VAR'(1)), _, true),
    term_string(G, "shell('touch /tmp/arena-escape-pwned')"),
    limit(1, G).
valid_moves(s(b), []).
move(s(a), go, s(b)).
game_over(s(b), a).
