% Alliances baseline bot (PFL protocol): a course project's "hard" AI.
%
% One ply: every valid move is played and the position scored as
%
%     400 x (colours held - colours the opponent holds)
%       + sum over the colours nobody holds of (9 - L)^3 - (9 - L')^3
%
% where L and L' are the fewest empty cells the bot and the opponent
% must still fill to connect the colour (colour_distance/4: cells of the
% colour or of the player's ally cost 0, empty cells 1, other cells
% cannot be crossed); a random one of the best moves is played. It calls
% the game's rules (players/1, current_player/2, valid_moves/2, move/3,
% colour_winner/3, colour_distance/4).

:- use_module(library(lists)).
:- use_module(library(random)).

%!  choose_move(+State, +Level, -Move) is semidet.
choose_move(State, _Level, Move) :-
    current_player(State, Me),
    valid_moves(State, Moves),
    findall(Score-M,
            ( member(M, Moves),
              move(State, M, State1),
              hard_score(State1, Me, Score)
            ),
            Scored),
    Scored \== [],
    max_member(Best-_, Scored),
    findall(M, member(Best-M, Scored), Bests),
    random_member(Move, Bests).

hard_score(State, Me, Score) :-
    players(Players),
    select(Me, Players, [Opponent]),
    findall(S, colour_score(State, Me, Opponent, S), Ss),
    sum_list(Ss, Score).

colour_score(State, Me, _Opponent, Score) :-
    colour_winner(State, _Colour, Winner),
    Winner == Me,
    Score = 400.
colour_score(State, _Me, Opponent, Score) :-
    colour_winner(State, _Colour, Winner),
    Winner == Opponent,
    Score = -400.
colour_score(State, Me, Opponent, Score) :-
    colour_winner(State, Colour, none),
    colour_distance(State, Me, Colour, L1),
    colour_distance(State, Opponent, Colour, L2),
    Score is (9 - L1)^3 - (9 - L2)^3.
