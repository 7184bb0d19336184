% expect: refused $VAR
% The key of the goal as written: call_nth(G, 1) with G unknown is keyed
% call_nth('$VAR'(0), 1), the key of the literal proved safe first.
'$VAR'(_).
choose_move(State, _, Move) :-
    catch(call_nth('$VAR'(0), 1), _, true),
    term_string(G, "shell('touch /tmp/arena-escape-pwned')"),
    call_nth(G, 1),
    valid_moves(State, [Move|_]).
