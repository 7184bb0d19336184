% A classic bot that can only play first (x): it plays the first free cell.
:- dynamic taken/1.

x_inicia(1) :-
    retractall(taken(_)),
    assertz(taken(1)).

x_responde(Opponent, Move) :-
    assertz(taken(Opponent)),
    between(1, 9, Move),
    \+ taken(Move),
    !,
    assertz(taken(Move)).
