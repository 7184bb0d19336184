% expect: crashed portray_goal
% Route 3: write_term/2 with portray_goal naming a safe-looking closure.
choose_move(State, _, Move) :-
    write_term(f(x), [portray_goal(format("~w"))]),
    valid_moves(State, [Move|_]).
