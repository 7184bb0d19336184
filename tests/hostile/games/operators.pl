% Operators: the file takes standard operators away for itself and
% writes its states with an operator of its own.
:- op(700, xfx, ===>).
:- op(0, xfx, =).
:- op(0, yfx, -).
players([a, b]).
initial_state(_, a ===> 0).
current_player(P ===> _, P).
valid_moves(_ ===> N, [1, 2]) :- N < 2, !.
valid_moves(_, []).
move(P ===> N, M, Q ===> N1) :- N1 is N + M, other(P, Q).
other(a, b).
other(b, a).
game_over(_ ===> N, a) :- N >= 2.
