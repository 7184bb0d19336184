% expect: refused $VAR
% library(sandbox) keys each goal it proved safe by numbervars/3: the
% literal limit('$VAR'(0), '$VAR'(1)) has the key of limit(_, _), so the
% goal built at run time below would pass unchecked (docs/security.md).
'$VAR'(_).
choose_move(State, _, Move) :-
    catch(limit('$VAR'(0), '$VAR'(1)), _, true),
    term_string(G, "shell('touch /tmp/arena-escape-pwned')"),
    limit(1, G),
    valid_moves(State, [Move|_]).
