% Nim of 7 stones between the sides 1 and - 1, as a SICStus course game
% writes them: `- 1` with a space is the number -1 there (SWI-Prolog
% reads -(1)), which `Q is -P` gives. Take 1 or 2; the last stone wins.
players([red, blue]).
initial_state(_, s(7, 1)).
current_player(s(_, P), Name) :-
    side(P, Name).
side(  1, red).
side(- 1, blue).
valid_moves(s(N, _), Moves) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Moves).
move(s(N, P), T, s(N1, Q)) :-
    memberchk(T, [1, 2]),
    T =< N,
    N1 is N - T,
    Q is -P.
game_over(s(0, P), W) :-
    Q is -P,
    side(Q, W).
