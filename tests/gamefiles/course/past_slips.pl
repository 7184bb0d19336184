% A game of our own with slips SICStus reports and loads past: a full
% stop for a comma (a clause for ','/2), a clause for =/2 after a full
% stop, a directive that starts the program, and abort/0 in its menu.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 3 -> Ms = [] ; Ms = [1] ).
move(s(N, P), 1, s(N1, Q)) :- N < 3, N1 is N + 1, other(P, Q).
other(a, b).
other(b, a).
game_over(s(3, _), a).
value(_, _, V) :-
    V is 1.
    V = 2.
show(S) :-
    write(S).
    nl, nl.
play :- write('bye'), abort.
:- play.
