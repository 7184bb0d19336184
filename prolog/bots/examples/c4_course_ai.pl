% Connect Four baseline bot (PFL protocol): the AI of the original course
% project.
%
% For every own column it plays, then every opponent reply, recursively
% to a look-ahead of two own moves:
%   - an own immediate win scores the column 1, and the columns after it
%     are not looked at (they keep 0);
%   - an opponent reply that wins at once scores the column -1, and the
%     replies after it are not looked at;
%   - otherwise each reply adds (sum of the next level's column scores /
%     width) / width to the column.
% A full column scores 0. It plays a random valid column among the best.
%
% It calls the game's rules (current_player/2, valid_moves/2, move/3,
% game_over/2) and reads the width from the state term documented in
% prolog/games/connect4.pl:
%
%     state(size(Width, Height, Connect), Board, ToMove, Result)

:- use_module(library(lists)).
:- use_module(library(random)).

%!  choose_move(+State, +Level, -Move) is semidet.
%
%   Level is ignored: the look-ahead is always two own moves.
choose_move(State, _Level, Move) :-
    current_player(State, Me),
    State = state(size(Width, _, _), _, _, _),
    column_scores(1, Width, State, Me, 2, Scores),
    valid_moves(State, Moves),
    findall(Score-Column,
            ( member(Column, Moves),
              nth1(Column, Scores, Score)
            ),
            Scored),
    Scored \== [],
    max_member(Best-_, Scored),
    findall(Column, member(Best-Column, Scored), Bests),
    random_member(Move, Bests).

%   column_scores(+Column, +Width, +State, +Me, +Depth, -Scores): the
%   scores of columns Column..Width for Me, to move in State.
column_scores(Column, Width, State, Me, Depth, Scores) :-
    (   Column > Width
    ->  Scores = []
    ;   move(State, Column, State1),
        game_over(State1, Me)
    ->  Scores = [1|Zeros],             % the columns after it stay 0
        Rest is Width - Column,
        length(Zeros, Rest),
        maplist(=(0), Zeros)
    ;   (   move(State, Column, State1)
        ->  reply_scores(1, Width, State1, Me, Depth, 0, Score)
        ;   Score = 0                   % a full column
        ),
        Scores = [Score|Scores1],
        Next is Column + 1,
        column_scores(Next, Width, State, Me, Depth, Scores1)
    ).

%   reply_scores(+Reply, +Width, +State, +Me, +Depth, +Score0, -Score):
%   Score0 plus what the opponent's replies Reply..Width add.
reply_scores(Reply, Width, State, Me, Depth, Score0, Score) :-
    (   Reply > Width
    ->  Score = Score0
    ;   move(State, Reply, State1)
    ->  (   game_over(State1, Winner),
            Winner \== Me,
            Winner \== draw
        ->  Score = -1                  % the replies after it are not looked at
        ;   (   Depth > 1
            ->  Depth1 is Depth - 1,
                column_scores(1, Width, State1, Me, Depth1, Next),
                sum_list(Next, Sum),
                Score1 is Score0 + Sum / Width / Width
            ;   Score1 = Score0
            ),
            Reply1 is Reply + 1,
            reply_scores(Reply1, Width, State, Me, Depth, Score1, Score)
        )
    ;   Reply1 is Reply + 1,
        reply_scores(Reply1, Width, State, Me, Depth, Score0, Score)
    ).
