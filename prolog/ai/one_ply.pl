:- module(arena_ai_one_ply,
          [ one_ply_check/6           % +Game, +State, +Children, +Deadline, -Result, -Note
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

/** <module> The check that comes before any search: a win in one, a block of one

Whatever the speed of a game's rules, a searching level first plays a
move that wins at once and keeps to the moves after which the opponent
cannot win at once; the search gets the time that is left. The check
calls only current_player/2, valid_moves/2, move/3 and game_over/2.

The opponent's winning replies found so far are tried first on every
other move ("killer" replies): in a game that places pieces, the reply
that wins after one move usually wins after the others too, so a threat
is found after one full look at the replies of one move and each other
move costs one call; only the moves that block it need a full look.

    Children = [Move-State1, ...]   the valid moves and their states
    Result   = win(Move)            Move wins at once
             ; moves(Moves)         the moves to search: those proven safe,
                                    or (the time ran out before a safe one
                                    was known) the ones not yet looked at,
                                    or all (every move loses at once)

    ?- one_ply_check(tictactoe, state([x,x,e,o,o,e,e,e,e], x), Cs, D, R, N).
    R = win(3).
*/

%!  one_ply_check(+Game, +State, +Children, +Deadline, -Result, -Note) is det.
%
%   Result as above; Note is '' when the check finished by Deadline
%   (get_time/1), else says how many moves it looked at.

one_ply_check(Game, State, Children, Deadline, Result, Note) :-
    Game:current_player(State, Player),
    win_in_one(Children, Game, Player, Deadline, Win),
    (   Win = win(_)
    ->  Result = Win,
        Note = ''
    ;   Win == late
    ->  length(Children, N),
        pairs_keys(Children, Moves),
        Result = moves(Moves),
        format(atom(Note), "the check for a win in one did not finish in time \c
                           (~D moves)", [N])
    ;   safety(Children, Game, Player, Deadline, [], Safe, Unchecked, Lost, Killers),
        choice(Children, Safe, Unchecked, Lost-Killers, Moves, Note),
        Result = moves(Moves)
    ).

%   win_in_one(+Children, +Game, +Player, +Deadline, -Found): Found is
%   win(Move) for the first move that wins at once, none, or late when
%   the deadline came first.
win_in_one([], _, _, _, none).
win_in_one([M-S|Children], Game, Player, Deadline, Found) :-
    (   past(Deadline)
    ->  Found = late
    ;   catch(Game:game_over(S, Winner), error(_, _), fail),
        Winner == Player
    ->  Found = win(M)
    ;   win_in_one(Children, Game, Player, Deadline, Found)
    ).

past(Deadline) :-
    get_time(Now),
    Now > Deadline.

%   safety(+Children, +Game, +Player, +Deadline, +Killers0, -Safe,
%   -Unchecked, -Lost, -Killers): the moves after which the opponent
%   cannot win at once, those not looked at by Deadline and those after
%   which it can; Killers the opponent's winning replies found.
safety([], _, _, _, Killers, [], [], [], Killers).
safety([M-S|Children], Game, Player, Deadline, Killers0, Safe, Unchecked, Lost, Killers) :-
    (   past(Deadline)
    ->  Safe = [],
        Lost = [],
        Killers = Killers0,
        pairs_keys([M-S|Children], Unchecked)
    ;   catch(reply_verdict(Game, S, Player, Deadline, Killers0, Verdict), error(_, _),
              Verdict = safe)           % a rule that throws: the search will see
    ->  (   Verdict == safe
        ->  Safe = [M|Safe1], Unchecked = Unchecked1, Lost = Lost1, Killers1 = Killers0
        ;   Verdict = lost(Killer)
        ->  Lost = [M|Lost1], Safe = Safe1, Unchecked = Unchecked1,
            add_killer(Killer, Killers0, Killers1)
        ;   Unchecked = [M|Unchecked1], Safe = Safe1, Lost = Lost1, Killers1 = Killers0
        ),
        block_first(Killers1, Killers0, Children, Children1),
        safety(Children1, Game, Player, Deadline, Killers1, Safe1, Unchecked1, Lost1, Killers)
    ).

add_killer(none, Killers, Killers) :-
    !.                                  % green: the move itself lost
add_killer(K, Killers0, [K|Killers]) :-
    delete(Killers0, K, Killers).

%   block_first(+Killers, +Killers0, +Children0, -Children): a new
%   winning reply K found: the move K itself (taking the cell the
%   opponent wants, in a game that places pieces) is looked at next.
block_first(Killers, Killers0, Children0, Children) :-
    (   Killers = [K|_],
        Killers \== Killers0,
        selectchk(K-S, Children0, Rest)
    ->  Children = [K-S|Rest]
    ;   Children = Children0
    ).

%   reply_verdict(+Game, +State, +Player, +Deadline, +Killers, -Verdict):
%   safe, lost(Reply) (lost(none) where the move itself ends the game
%   lost), or late (the deadline came during the look).
reply_verdict(Game, S, Player, Deadline, Killers, Verdict) :-
    (   Game:game_over(S, Winner)
    ->  (   ( Winner == Player ; Winner == draw )
        ->  Verdict = safe
        ;   Verdict = lost(none)
        )
    ;   Game:current_player(S, Next),
        Next == Player
    ->  Verdict = safe                  % the same player moves again
    ;   Game:current_player(S, Next),
        Game:valid_moves(S, Replies),
        include(member_of(Replies), Killers, First),
        subtract(Replies, First, Rest),
        append(First, Rest, Ordered),
        winning_reply(Ordered, Game, S, Next, Deadline, Verdict)
    ).

member_of(List, X) :-
    memberchk(X, List).

winning_reply([], _, _, _, _, safe).
winning_reply([R|Rs], Game, S, Next, Deadline, Verdict) :-
    (   past(Deadline)
    ->  Verdict = late
    ;   Game:move(S, R, S1),
        Game:game_over(S1, Winner),
        Winner == Next
    ->  Verdict = lost(R)
    ;   winning_reply(Rs, Game, S, Next, Deadline, Verdict)
    ).

%   choice(+Children, +Safe, +Unchecked, +Lost-Killers, -Moves, -Note):
%   where no move is known safe in time but a threat is, the moves not
%   looked at that take a cell the opponent wins on come first.
choice(Children, Safe, Unchecked, Lost-Killers, Moves, Note) :-
    length(Children, N),
    length(Unchecked, U),
    (   U =:= 0
    ->  Note = '',
        (   Safe == []
        ->  pairs_keys(Children, Moves)         % every move loses at once
        ;   Moves = Safe
        )
    ;   Checked is N - U,
        format(atom(Note), "the check for a loss in one covered ~D of ~D moves \c
                           in time", [Checked, N]),
        (   Safe \== []
        ->  (   Lost == []
            ->  append(Safe, Unchecked, Moves)  % no threat seen: any may do
            ;   Moves = Safe
            )
        ;   include(member_of(Killers), Unchecked, Blocks),
            Blocks \== []
        ->  Moves = Blocks
        ;   Moves = Unchecked
        )
    ).
