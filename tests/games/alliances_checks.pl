:- module(alliances_checks,
          [ trace_game/3,             % +StateText, +MoveTexts, -Plies
            determinism/2,            % +StateText, -Report
            greedy_mismatches/2,      % +StateText, -Mismatches
            search_mismatches/2,      % +StateText, -Mismatches
            fence_distances/2         % +StateText, -Distances
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

/** <module> Checks of the Alliances rules that run inside Prolog

tests/games/test_alliances.py plays a thousand games; one bridge call per
position would cost more than the games themselves, so trace_game/3
takes each game's moves at once and gives one line per position back.
determinism/2 checks that the det predicates leave no choice point;
greedy_mismatches/2 that level 2's shortcut (ai/alliances_search.pl)
gives value/3, and search_mismatches/2 that level 3's shortcut gives
the distances and fence distances computed afresh; fence_distances/2 gives the fewest
discs that fence each player off each colour.
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

%!  determinism(+StateText, -Report) is det.
%
%   Report has Name/Arity-Result for each det predicate of the game
%   called on the state (and its first valid move): det, nondet (it left
%   a choice point) or failed.

determinism(Text, Report) :-
    term_string(State, Text),
    alliances:valid_moves(State, [Move|_]),
    alliances:move_text(Move, MoveText),
    Goals = [ valid_moves(State, _),
              move(State, Move, _),
              value(State, p1, _),
              current_player(State, _),
              move_text(Move, _),
              move_text(_, MoveText),
              colour_distance(State, p2, green, _),
              move_description(State, Move, _),
              illegal_move_reason(State, 'Zz9', _),
              choose_move(State, 1, _),
              choose_move(State, 2, _),
              choose_move(State, 3, _),
              initial_state([], _),
              rules(_)
            ],
    maplist(goal_determinism, Goals, Report).

goal_determinism(Goal, Name/Arity-Result) :-
    functor(Goal, Name, Arity),
    (   call_cleanup(alliances:Goal, Det = true),
        % looked at before the cut below, which would run the cleanup
        (   Det == true
        ->  Result = det
        ;   Result = nondet
        ),
        !                               % one answer is enough
    ;   Result = failed
    ).

%!  greedy_mismatches(+StateText, -Mismatches) is det.
%
%   Mismatches are the moves whose value for the mover, as level 2
%   computes it from the distances of the position, differs from
%   value/3 of the position the move leads to (games that end are left
%   out: level 2 scores them inf or -inf).

greedy_mismatches(Text, Mismatches) :-
    term_string(State, Text),
    State = state(Me, _, _, _),
    findall(I-Bit,
            ( child(State, false, Info, I, Bit, State1),
              arena_ai_alliances_search:greedy_value(Info, I, Bit, State1, Me, V1),
              alliances:value(State1, Me, V2),
              V1 =\= V2
            ),
            Mismatches).

%!  search_mismatches(+StateText, -Mismatches) is det.
%
%   Mismatches are the moves after which the distances and fence
%   distances that level 3 derives from this position's differ from
%   those computed afresh in the position the move leads to.

search_mismatches(Text, Mismatches) :-
    term_string(State, Text),
    findall(I-Bit,
            ( child(State, true, Info, I, Bit, State1),
              arena_ai_alliances_search:child_distances(Info, I, Bit, State1, Derived),
              arena_ai_alliances_search:node_info(State1, true, Info1),
              findall(d(C, player(L1, F1), player(L2, F2)),
                      member(colour(C, player(L1, _, F1, _), player(L2, _, F2, _)), Info1),
                      Fresh),
              Derived \== Fresh
            ),
            Mismatches).

%   child(+State, +Fences, -Info, -ColourIndex, -Bit, -State1) is nondet:
%   State1 follows State by that disc and the game goes on; Info is
%   node_info/3 of State.
child(State, Fences, Info, I, Bit, State1) :-
    State = state(_, Discs, _, _),
    arena_ai_alliances_search:node_info(State, Fences, Info),
    alliances:empty_mask(Discs, Empty),
    arena_ai_alliances_search:index_moves(State, Empty, Moves),
    member(I-Bit, Moves),
    alliances:place(State, I, Bit, State1),
    \+ alliances:game_over(State1, _).

%!  fence_distances(+StateText, -Distances) is det.
%
%   Distances has Colour-Player-F for every colour and player: the
%   fewest discs the opponent must place to fence Player off Colour
%   (30 when no wall can, as when Player is connected).

fence_distances(Text, Distances) :-
    term_string(State, Text),
    State = state(_, Discs, _, _),
    alliances:empty_mask(Discs, Empty),
    findall(C-P-F,
            ( member(C, [orange, purple, green]),
              member(P, [p1, p2]),
              arena_ai_alliances_search:player_info(P, C, Discs, Empty, true, player(_, _, F, _))
            ),
            Distances).
