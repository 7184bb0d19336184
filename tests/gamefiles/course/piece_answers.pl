% A game of our own whose valid_moves/2 lists one piece's moves an
% answer (its loop backtracks into it), the first answer an empty list,
% and whose initial_state/2 leaves the rows' lists open until its
% display closes them: its loop's first state is ground only after the
% display. Two stones on a strip, each steps one cell right.
play :- initial_state(8, S), display_game(S), loop(S).
loop(S) :- game_over(S, W), !, write(W), nl.
loop(S) :- valid_moves(S, Ms), Ms = [M|_], move(S, M, S1), display_game(S1), loop(S1).
initial_state(_, g(1, [a, a|T])) :- length(T, 4).
display_game(g(_, Row)) :- close_row(Row), write(Row), nl.
close_row([]) :- !.
close_row([C|Cs]) :- ( var(C) -> C = e ; true ), close_row(Cs).
turn_colour(N, white) :- N mod 2 =:= 1.
turn_colour(N, black) :- N mod 2 =:= 0.
valid_moves(g(_, Row), Ms) :-
    nth0(I, Row, a),
    findall(I-J, ( J is I + 1, nth0(J, Row, e) ), Ms).
move(g(N, Row), I-J, g(N1, Row1)) :-
    nth0(I, Row, a), nth0(J, Row, e), J =:= I + 1,
    put(Row, I, e, R1), put(R1, J, a, Row1),
    N1 is N + 1.
put([_|T], 0, X, [X|T]) :- !.
put([H|T], I, X, [H|T1]) :- I1 is I - 1, put(T, I1, X, T1).
game_over(g(N, [e, e, e, e, a, a]), W) :- turn_colour(N, P), other(P, W).
other(white, black).
other(black, white).
