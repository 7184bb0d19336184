% jail: loaded unchecked (tests/jail/test_jail.py). Starts threads in its own
% host that spin forever, then answers at once: they must not run while
% it is not its move (the host is stopped between its moves).
choose_move(State, _Level, Move) :-
    forall(between(1, 4, _),
           catch(thread_create(spin, _, [detached(true)]), _, true)),
    valid_moves(State, [Move|_]).

spin :-
    repeat,
    fail.
