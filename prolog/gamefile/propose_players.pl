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
%   would join; arena_without(option/3) where its option/3 is its own.

players_fact(Code, Names) :-
    (   defines(Code, players/1)
    ->  format("% (the game has a players/1 of its own: the arena uses this one)~n"),
        portray_clause(arena_players(Names)),
        nl
    ;   format("players(~q).~n~n", [Names])
    ),
    own_options(Code).

%   own_options(+Code): where the game's option/3 is no setting of the
%   arena's (`option(Name, Default, Help)`, each a fact with a name and a
%   default), the adapter says the arena reads none.
own_options(Code) :-
    (   defines(Code, option/3),
        \+ forall(clause(Code:option(N, D, H), Body),
                  ( Body == true, atom(N), atomic(D), ( atomic(H) ; is_list(H) ) ))
    ->  format("% the game's option/3 is its own, not the arena's settings~n"),
        portray_clause(arena_without(option/3)),
        nl
    ;   true
    ).
