:- module(arena_gamefile_entry_points,
          [ entry_point/2             % +Code, -Name
          ]).
:- use_module(library(lists)).
:- use_module(library(occurs), [sub_term/2]).
:- use_module(library(pairs), [pairs_values/2]).
:- use_module(library(assoc)).
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
%   in jin_li.pl), those with "play" or "start" in the name first; last,
%   the one of the others that reaches the most of the game's predicates
%   (ploy/0, named after the game, in Game.pl).
entry_point(Code, Name) :-
    member(Name, [play, main, start, menu]),
    defines(Code, Name/0).
entry_point(Code, Name) :-
    findall(N, ( code_clause(Code, N, _),
                 atom(N),
                 \+ memberchk(N, [play, main, start, menu]),
                 \+ called(Code, N) ),
            Uncalled0),
    sort(Uncalled0, Uncalled),
    findall(Rank-N, ( member(N, Uncalled), entry_name(Code, N, Rank) ), Named),
    (   root(Code, Uncalled, Root) -> Ranked0 = [3-Root|Named] ; Ranked0 = Named ),
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
    \+ again_word(Lower),
    (   member(W-Rank, [play-0, start-0, jogar-0, jogo-1, main-1, menu-1, game-2, run-2,
                        begin-2, launch-2, inicio-2, iniciar-2]),
        sub_atom(Lower, _, _, _, W)
    ->  true
    ).

%   called(+Code, +Name): a clause names Name (calls it, or a fact
%   names it for a menu to call), not its own (a loop that starts
%   again) nor one that starts a game again (play_again/0).
called(Code, Name) :-
    code_clause(Code, Head, Body),
    functor(Head, By, _),
    By \== Name,
    downcase_atom(By, Lower), \+ again_word(Lower),
    sub_term(Sub, Body), Sub == Name,
    !.

again_word(Lower) :-                    % after a game: restart/0
    member(Again, [restart, again, reset]),
    sub_atom(Lower, _, _, _, Again).

%   root(+Code, +Uncalled, -Name): of the uncalled predicates of arity 0
%   no name ranks, the one that reaches the most of the game's own
%   predicates, 4 at least (a loop, not a test or a helper left unused).
root(Code, Uncalled, Name) :-
    findall(Size-N, ( member(N, Uncalled),
                      \+ entry_name(Code, N, _),
                      downcase_atom(N, Lower), \+ again_word(Lower),
                      reach(Code, N, Size) ),
            Sized),
    max_member(Size-Name, Sized),
    Size >= 4.

reach(Code, Name, Size) :-
    empty_assoc(Seen0),
    reach_([Name/0], Code, Seen0, Seen),
    assoc_to_keys(Seen, Keys),
    length(Keys, Size).

reach_([], _, Seen, Seen).
reach_([P|Ps], Code, Seen0, Seen) :-
    (   get_assoc(P, Seen0, _)
    ->  reach_(Ps, Code, Seen0, Seen)
    ;   put_assoc(P, Seen0, true, Seen1),
        P = N/A,
        functor(Head, N, A),
        findall(C, ( code_clause(Code, Head, Body),
                     sub_term(G, Body), callable(G),
                     functor(G, GN, GA), GN/GA \== N/A,
                     defines(Code, GN/GA),
                     C = GN/GA ), Cs0),
        sort(Cs0, Cs),
        append(Cs, Ps, Next),
        reach_(Next, Code, Seen1, Seen)
    ).
