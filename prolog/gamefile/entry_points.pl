:- module(arena_gamefile_entry_points,
          [ entry_point/2             % +Code, -Name
          ]).
:- use_module(library(lists)).
:- use_module(library(occurs), [sub_term/2]).
:- use_module(library(pairs), [pairs_values/2]).
:- use_module('../prefix', [first_n/3]).
:- use_module('../contract', [defines/2]).
:- use_module(propose_code, [code_clause/3]).

/** <module> Where a game's own loop starts

A game played through its own loop (prolog/gamefile/propose_loop.pl,
prolog/gamefile/propose_loopgame.pl) is started at its entry point.
*/

%   entry_point(+Code, -Name): each entry point of the game's own loop
%   in turn: play/0, main/0, start/0, menu/0, then any other of its own
%   predicates of arity 0 that no clause of its code calls and whose name
%   says it starts something (play_game/0, start_menu/0, jogar/0, not
%   restart/0 nor play_again/0) or is the game's own (its file's: jin_li/0
%   in jin_li.pl), those with "play" or "start" in the name first.
entry_point(Code, Name) :-
    member(Name, [play, main, start, menu]),
    defines(Code, Name/0).
entry_point(Code, Name) :-
    findall(Rank-N, ( code_clause(Code, N, _),
                      atom(N),
                      \+ memberchk(N, [play, main, start, menu]),
                      entry_name(Code, N, Rank),
                      \+ ( code_clause(Code, _, Body),
                            sub_term(Sub, Body), Sub == N ) ),
            Ranked0),
    sort(Ranked0, Ranked),
    pairs_values(Ranked, Names0),
    list_to_set(Names0, Names),
    first_n(3, Names, Firsts),
    member(Name, Firsts).

entry_name(Code, Name, Rank) :-
    downcase_atom(Name, Lower),
    (   atom_concat('code:', Base0, Code) -> true ; Base0 = Code ),
    (   atom_concat(Base, '#game', Base0) -> true ; Base = Base0 ),   % prolog/gamehost.pl
    downcase_atom(Base, Game),
    (   Lower == Game                   % the code module is named after the file
    ->  Rank = 1
    ;   entry_word(Lower, Rank)
    ).

entry_word(Lower, Rank) :-
    \+ ( member(Again, [restart, again, reset]),   % after a game: restart/0
         sub_atom(Lower, _, _, _, Again) ),
    (   member(W-Rank, [play-0, start-0, jogar-0, jogo-1, main-1, menu-1, game-2, run-2,
                        begin-2, launch-2, inicio-2, iniciar-2]),
        sub_atom(Lower, _, _, _, W)
    ->  true
    ).
