:- module(arena_gamefile_propose_winner,
          [ winner_text/4,            % +Code, +Atoms, +Names, +Proposal
            player_named/3            % +W, +Pairs, -Who
          ]).
:- use_module(library(lists)).
:- use_module(library(occurs)).
:- use_module(library(apply)).
:- use_module(propose_code).
:- use_module(propose_record).

/** <module> The winner mapping of a proposed adapter

arena_winner/2 as a proposed adapter (prolog/gamefile/propose_text.pl)
writes it: the players, draw, and the winner terms game_over/2's clauses
name, each mapped by the player (or draw) its text names.
*/

%!  winner_text(+Code, +Atoms, +Names, +Proposal) is det.
%
%   The winner mapping; the winner terms game_over/2's clauses name
%   that are not the players are mapped by the player (or draw) their
%   text names.

winner_text(Code, Atoms, Names, Proposal) :-
    proposal_state(Proposal, S0),
    proposal_first(Proposal, P0),
    proposal_second(Proposal, P1),
    findall(W, winner_term(Code, W), Ws0),
    Names = [N0, N1],
    findall(X, colour_term(Code, [P0-N0, P1-N1], X), Xs),
    append(Ws0, Xs, Ws00),
    list_to_set(Ws00, Ws1),
    exclude(is_player_or_draw([P0, P1, draw]), Ws1, Ws),
    name_winners(S0, Names),
    held_winners(Code),
    (   Ws == []
    ->  (   Atoms == true
        ->  format("~n% GUESS: the game's winner terms are the players (and draw)~n"),
            portray_clause(arena_winner(W, W))
        ;   format("~n% GUESS: the game's winner terms are its players (and draw)~n"),
            portray_clause((arena_winner(W, Name) :- arena_player(W, Name))),
            portray_clause(arena_winner(draw, draw))
        )
    ;   format("~n% GUESS: game_over/2's winner terms, by the player their text names~n"),
        forall(member(W, Ws),
               (   (   named_winner(W, [P0-N0, P1-N1], Who)
                   ;   fact_winner(Code, W, [P0-N0, P1-N1], Who)
                   )
               ->  portray_clause(arena_winner(W, Who))
               ;   quiet(Code:game_over(S0, W))
               ->  true                 % its answer in the first state: no winner
               ;   format("% (no player named in ~q: write its line)~n", [W])
               )),
        portray_clause(arena_winner(P0, N0)),
        portray_clause(arena_winner(P1, N1)),
        portray_clause(arena_winner(draw, draw))
    ).

%   held_winners(+Code): for each compound that game_over/2's heads give
%   as the winner with a variable in it (winner(Player, Reason)), the
%   winner is the player or draw one of its arguments names.
held_winners(Code) :-
    findall(F/N, ( code_clause(Code, game_over(_, W), _),
                   compound(W), \+ ground(W), \+ is_list(W),
                   functor(W, F, N), F/N \== (-)/2 ), Shapes0),
    sort(Shapes0, Shapes),
    forall(member(F/N, Shapes),
           ( functor(W, F, N),
             W =.. [_|Args],
             format("~n% GUESS: game_over/2 gives a ~q/~q term: the winner is the one it holds~n",
                    [F, N]),
             portray_clause((arena_winner(W, P) :- member(X, Args), arena_winner(X, P), !)) )).

%   name_winners(+S0, +Names): where the state holds the names the
%   game's menu was given (prolog/gamefile/loop_prompt.pl: alpha, then
%   bravo), a winner so named is that player.
name_winners(S0, [N0, N1]) :-
    findall(T-Who, ( member(Name-Who, [alpha-N0, bravo-N1]), name_form(S0, Name, T) ),
            [T0-W0, T1-W1]),
    !,
    format("~n% GUESS: the names its menu was given, the first for the first player~n"),
    portray_clause(arena_winner(T0, W0)),
    portray_clause(arena_winner(T1, W1)).
name_winners(_, _).

name_form(S0, Name, T) :-
    atom_codes(Name, Cs),
    atom_chars(Name, Chs),
    string_codes(Str, Cs),
    member(T, [Name, Cs, Chs, Str]),
    sub_term(X, S0),
    X == T,
    !.

is_player_or_draw(Known, W) :-
    memberchk(W, Known).

named_winner(W, _, draw) :-
    text_has(W, [draw, tie, empate, nobody]),
    !.
named_winner(W, Pairs, Who) :-
    player_named(W, Pairs, Who).

%!  player_named(+W, +Pairs, -Who) is semidet.
%
%   W's text names one player alone of Pairs (Player-Name; a player
%   that is a number is named by no text), Who that player's name.

player_named(W, Pairs, Who) :-
    findall(N, ( member(P-N, Pairs), atomic(P), \+ number(P),
                 text_has(W, [P]) ), [Who]).
