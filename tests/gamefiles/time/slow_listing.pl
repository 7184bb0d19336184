% A race to 30 of our own whose valid_moves/2 takes 0.3 s of wall clock
% a call, and whose move/3 lists the moves again before it plays one, as
% many course games do: a step of 1, 2 or 3; value/3 the mover's lead.
players([a, b]).
initial_state(_, r(a, 0, 0)).
current_player(r(P, _, _), P).
valid_moves(r(_, A, B), Moves) :-
    busy(0.3),
    (   ( A >= 30 ; B >= 30 )
    ->  Moves = []
    ;   Moves = [1, 2, 3]
    ).
move(r(P, A, B), Step, r(Q, A1, B1)) :-
    valid_moves(r(P, A, B), Moves),
    memberchk(Step, Moves),
    (   P == a
    ->  A1 is A + Step, B1 = B, Q = b
    ;   B1 is B + Step, A1 = A, Q = a
    ).
game_over(r(_, A, _), a) :- A >= 30.
game_over(r(_, _, B), b) :- B >= 30.
value(r(_, A, B), a, V) :- V is A - B.
value(r(_, A, B), b, V) :- V is B - A.
display_game(r(P, A, B)) :- format("a ~w, b ~w, ~w to move~n", [A, B, P]).

busy(Seconds) :-
    get_time(T0),
    repeat,
    get_time(T),
    T - T0 >= Seconds,
    !.
