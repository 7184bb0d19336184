% expect: refused thread_create/3
% Creates a thread.
choose_move(State, _, Move) :-
    thread_create(sleep(100), _, [detached(true)]),
    valid_moves(State, [Move|_]).
