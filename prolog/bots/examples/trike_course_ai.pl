% Trike baseline bot (PFL protocol): the level of a course project's
% greedy AI.
%
% It plays a move that wins at once if there is one; otherwise the move
% that leaves the most of its own checkers minus the opponent's under and
% around the pawn, at random among equal ones. It calls the game's rules
% (current_player/2, valid_moves/2, move/3, game_over/2) and reads the
% state term documented in prolog/games/trike.pl:
%
%     state(Size, Board, Pawn, ToMove, Black, Plies)
%     Board = board(Cell, ...) row by row from the top, cells e, b, w
%     Pawn = Row-Cell, Black = the player who owns black

:- use_module(library(lists)).
:- use_module(library(random)).

%!  choose_move(+State, +Level, -Move) is semidet.
choose_move(State, _Level, Move) :-
    current_player(State, Me),
    valid_moves(State, Moves),
    findall(Score-M,
            ( member(M, Moves),
              move(State, M, State1),
              course_score(State1, Me, Score)
            ),
            Scored),
    Scored \== [],
    max_member(Best-_, Scored),
    findall(M, member(Best-M, Scored), Bests),
    random_member(Move, Bests).

course_score(State, Me, Score) :-
    (   game_over(State, Winner)
    ->  (   Winner == Me
        ->  Score = 1000
        ;   Score = -1000
        )
    ;   course_around(State, Me, Score)
    ).

%   Own checkers minus the opponent's on the pawn's cell and its
%   neighbours.
course_around(state(Size, Board, R-C, _, Black, _), Me, Score) :-
    (   Me == Black
    ->  Own = b
    ;   Own = w
    ),
    findall(S,
            ( member(DR-DC, [0-0, 0-(-1), 0-1, (-1)-(-1), (-1)-0, 1-0, 1-1]),
              R1 is R + DR,
              C1 is C + DC,
              C1 >= 1, C1 =< R1, R1 =< Size,
              I is R1*(R1-1)//2 + C1,
              arg(I, Board, Piece),
              Piece \== e,
              (   Piece == Own
              ->  S = 1
              ;   S = -1
              )
            ),
            Ss),
    sum_list(Ss, Score).
