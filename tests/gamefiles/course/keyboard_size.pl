% A game of our own whose initial_state/2 asks the board size at the
% keyboard in a repeat loop (a 2024/25 pattern) and whose play/0 menu
% asks the mode first: no config makes initial_state/2 answer (standard
% input is empty in the arena), but its own play/0, the menu answered,
% shows the first state.
:- use_module(library(lists)).

play :-
    write('Mode (1-2): '), read(Mode), integer(Mode),
    initial_state(Mode, S),
    loop(S).

loop(S) :- game_over(S, W), !, format("~w wins~n", [W]).
loop(S) :- display_game(S), valid_moves(S, [M|_]), move(S, M, S1), loop(S1).

initial_state(_, s(Row, x)) :-
    repeat,
    write('Size (3-6): '),
    read(N),
    integer(N), N >= 3, N =< 6,
    !,
    length(Row, N),
    maplist(=(e), Row).
valid_moves(s(Row, _), Ms) :-
    (   game_over(s(Row, _), _) -> Ms = [] ; findall(I, nth1(I, Row, e), Ms) ).
move(s(Row, P), I, s(Row1, Q)) :-
    nth1(I, Row, e),
    nth1(I, Row, _, Rest),
    nth1(I, Row1, P, Rest),
    other(P, Q).
game_over(s(Row, P), W) :- \+ memberchk(e, Row), other(P, W).
display_game(s(Row, P)) :- format("~w ~w~n", [Row, P]).
other(x, o).
other(o, x).
