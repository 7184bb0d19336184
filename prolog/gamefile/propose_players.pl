:- module(arena_gamefile_propose_players,
          [ players_fact/2            % +Code, +Names
          ]).
:- use_module(propose_code, [defines/2]).

/** <module> The players a proposed adapter names

Every proposal (prolog/gamefile/propose_text.pl, propose_beside.pl,
propose_turns.pl) writes the players' names the same way.
*/

%!  players_fact(+Code, +Names) is det.
%
%   Writes players/1; arena_players/1 where the game has a players/1 of
%   its own (numbers, `players([1, 2])`), which a second definition
%   would join.

players_fact(Code, Names) :-
    (   defines(Code, players/1)
    ->  format("% (the game has a players/1 of its own: the arena uses this one)~n"),
        portray_clause(arena_players(Names)),
        nl
    ;   format("players(~q).~n~n", [Names])
    ).
