% expect: ok
% when/2 whose condition is made from text: harmless, when/2 accepts
% only its own conditions (nonvar/1, ground/1, ?=/2, and their , and ;)
% and throws on any other term, a goal included.
choose_move(State, _, Move) :-
    term_string(C, "nonvar(V)", [variable_names(['V'=V])]),
    when(C, true),
    term_string(Bad, "shell('touch /tmp/arena-escape-pwned')"),
    catch(when(Bad, true), error(domain_error(when_condition, _), _), true),
    V = x,
    valid_moves(State, [Move|_]).
