% A course-style game of our own whose state holds a turn count, not the
% player: the player to move is the colour the count's parity names, as
% its own turn_colour/2 says. Each turn a player moves one of its two
% tokens one or two cells along its own row of 6; the first to bring
% both tokens to the end wins.
initial_state(_, game(1, [1, 1], [1, 1])).

turn_colour(N, white) :- N mod 2 =:= 1.
turn_colour(N, black) :- N mod 2 =:= 0.

valid_moves(game(N, W, B), Moves) :-
    turn_colour(N, C),
    tokens(C, W, B, Ts),
    findall(I-S, ( nth1(I, Ts, At), member(S, [1, 2]), At + S =< 6 ), Moves).

tokens(white, W, _, W).
tokens(black, _, B, B).

move(game(N, W, B), I-S, game(N1, W1, B1)) :-
    turn_colour(N, C),
    tokens(C, W, B, Ts),
    nth1(I, Ts, At, Rest),
    At1 is At + S,
    At1 =< 6,
    nth1(I, Ts1, At1, Rest),
    (   C == white -> W1 = Ts1, B1 = B ; W1 = W, B1 = Ts1 ),
    N1 is N + 1.

game_over(game(_, [6, 6], _), white).
game_over(game(_, _, [6, 6]), black).
