% expect: refused $VAR
% The poisoning without a clause for '$VAR'/1: a dynamic predicate with no
% clauses is safe to the sandbox, and a grammar rule's braces hide the goal.
:- dynamic '$VAR'/1.
poison --> { offset('$VAR'(0), '$VAR'(1)) }.
choose_move(State, _, Move) :-
    catch(phrase(poison, [], _), _, true),
    term_string(G, "shell('touch /tmp/arena-escape-pwned')"),
    offset(0, G),
    valid_moves(State, [Move|_]).
