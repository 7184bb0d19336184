% expect: refused connect4:choose_move/3
% A classic-protocol bot keeping its own state and asking the game's AI.
:- dynamic state/1.
x_inicia(M) :- connect4:initial_state([], S), choose_move(S, 3, M), keep(S, M).
x_responde(O, M) :- state(S0), move(S0, O, S1), choose_move(S1, 3, M), keep(S1, M).
keep(S, M) :- move(S, M, S1), retractall(state(_)), assertz(state(S1)).
