% A classic bot for trike, whose players are first and second: first plays
% x_inicia/x_responde, second o_inicia/o_responde. It shows what it is
% told and answers only its first move: a checker on c2 as first, the
% swap as second.
x_inicia(3-2) :-
    writeln(x_inicia).

x_responde(Opponent, _) :-
    format("x_responde ~q~n", [Opponent]),
    fail.

o_inicia(Opponent, swap) :-
    format("o_inicia ~q~n", [Opponent]).

o_responde(Opponent, _) :-
    format("o_responde ~q~n", [Opponent]),
    fail.
