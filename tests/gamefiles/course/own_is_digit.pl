% A game of our own defining is_digit/1 (a name SWI-Prolog's
% library(ctypes) also has) below a clause that passes it to maplist/2,
% as a real submission did: plain swipl loads it, and so must the arena.
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 3 -> Ms = [] ; Ms = [1] ).
move(s(N, P), 1, s(N1, Q)) :-
    N < 3,
    digits("12"),
    N1 is N + 1,
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(3, P), W) :- other(P, W).

digits(Text) :-
    atom_codes(Text, Codes),
    maplist(is_digit, Codes).

is_digit(C) :-
    C >= 0'0,
    C =< 0'9.
