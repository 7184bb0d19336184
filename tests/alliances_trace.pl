:- module(alliances_trace,
          [ trace_game/3              % +StateText, +MoveTexts, -Plies
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

/** <module> Whole Alliances games in one call, for the cross-check

tests/test_alliances.py plays a thousand games; one bridge call per
position would cost more than the games themselves, so it sends each
game's moves at once and gets one line per position back.
*/

%!  trace_game(+StateText, +MoveTexts, -Plies) is det.
%
%   Plays MoveTexts from the state written as StateText. Plies has one
%   atom per position, the start included: the valid move texts joined
%   by spaces, the won/3 and supply/3 terms and the winner (or none),
%   separated by `|`. A move that is not accepted ends Plies with
%   rejected(MoveText).

trace_game(Text, MoveTexts, Plies) :-
    term_string(State, Text),
    trace_plies(State, MoveTexts, Plies).

trace_plies(State, MoveTexts, [Ply|Plies]) :-
    ply(State, Ply),
    (   MoveTexts = [Text|Texts]
    ->  (   alliances:move_text(Move, Text),
            alliances:move(State, Move, State1)
        ->  trace_plies(State1, Texts, Plies)
        ;   Plies = [rejected(Text)]
        )
    ;   Plies = []
    ).

ply(State, Ply) :-
    alliances:valid_moves(State, Moves),
    maplist(alliances:move_text, Moves, Texts),
    atomic_list_concat(Texts, ' ', Joined),
    State = state(_, _, Supply, Won),
    (   alliances:game_over(State, Winner)
    ->  true
    ;   Winner = none
    ),
    format(atom(Ply), "~w|~q|~q|~w", [Joined, Won, Supply, Winner]).
