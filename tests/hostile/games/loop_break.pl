% A game only its loop knows, which ends by a qualified system:break:
% a nested toplevel reading the loop's answers past their end.
:- use_module(library(random)).
play :-
    write('1 - two humans'), nl,
    write('2 - computer against computer'), nl,
    read(Mode),
    Mode =:= 2,
    turn(0).
turn(6) :- !, write('Game over'), nl, system:break.
turn(N) :- random_member(_, [a, b, c]), format("turn ~w~n", [N]), N1 is N + 1, turn(N1).
