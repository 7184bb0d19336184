% expect: refused module user
% Asserts into user, directly and through a meta call.
choose_move(State, _, Move) :-
    user:assertz(pwned),
    forall(member(G, [pwned2]), user:assertz(G)),
    valid_moves(State, [Move|_]).
