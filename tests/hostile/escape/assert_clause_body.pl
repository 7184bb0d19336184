% expect: refused
% Asserting a clause with a body, to call it later.
:- dynamic evil/0.
choose_move(State, _, Move) :-
    assertz((evil :- shell('touch /tmp/arena-escape-pwned'))),
    evil,
    valid_moves(State, [Move|_]).
