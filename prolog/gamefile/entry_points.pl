:- module(arena_gamefile_entry_points,
          [ entry_point/2,            % +Code, -Entry
            entry_shown/2             % +Entry, -Shown
          ]).
:- use_module(library(lists)).
:- use_module(library(apply), [foldl/4]).
:- use_module(library(occurs), [sub_term/2]).
:- use_module(library(pairs), [pairs_values/2, group_pairs_by_key/2]).
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
%   predicates of arity 0 that nothing calls but what it leads to (its
%   own loop, a screen that goes back to it, a game that starts again)
%   and whose name says it starts something (play_game/0, start_menu/0,
%   jogar/0, not restart/0 nor play_again/0) or is the game's own (its
%   file's: jin_li/0 in jin_li.pl), those with "play" or "start" in the
%   name first; last, the one of the others that reaches the most of the
%   game's predicates (ploy/0, named after the game, in Game.pl; init/0,
%   which its instructions' screen calls again).
%   Where there is none, an entry of arity 1 whose clauses all take any
%   argument (`start(_)`, `shiftago(Winner)`) is called with a fresh one,
%   as a person would type it: `Name(_)`, the named ones first, then the
%   one that reaches the most of the game.
entry_point(Code, Entry) :-
    (   entry_point0(Code, _)         % lazily: the first may serve
    ->  entry_point0(Code, Entry)
    ;   entry_of_one(Code, Entry)
    ).

entry_point0(Code, Name) :-
    member(Name, [play, main, start, menu]),
    defines(Code, Name/0).
entry_point0(Code, Name) :-
    calls(Code, graph(Callees, Callers)),
    findall(N/0, ( member(N, [play, main, start, menu]), defines(Code, N/0) ), Starts),
    spread(Starts, Callees, Started),
    findall(N, ( code_clause(Code, N, _), atom(N), \+ sub_atom(N, 0, _, _, '$') ), Names0),
    sort(Names0, Names1),
    findall(N-loop(After, Before),
            ( member(N, Names1),
              \+ get_assoc(N/0, Started, _),         % a screen of play/0's own
              spread([N/0], Callees, After),
              spread([N/0], Callers, Before),
              \+ called(Before, After) ),
            Uncalled),
    findall(Rank-N, ( member(N-_, Uncalled), entry_name(Code, N, Rank),
                      \+ nearer_in_its_loop(Uncalled, N) ),
            Named),
    (   root(Code, Uncalled, Root) -> Ranked0 = [3-Root|Named] ; Ranked0 = Named ),
    sort(Ranked0, Ranked),
    pairs_values(Ranked, Names2),
    list_to_set(Names2, Names),
    first_n(3, Names, Firsts),
    member(Name, Firsts).

entry_of_one(Code, Entry) :-
    calls(Code, graph(Callees, Callers)),
    findall(N, ( code_clause(Code, H, _), functor(H, N, 1),
                 \+ sub_atom(N, 0, _, _, '$') ), Ns0),     % not '$wrap$end_game'/1
    sort(Ns0, Ns),
    findall(Rank-Size-N,
            ( member(N, Ns),
              \+ get_assoc(N/1, Callers, _),
              \+ defines(Code, N/0),
              functor(H1, N, 1),
              forall(code_clause(Code, H1, _), ( arg(1, H1, A), var(A) )),
              spread([N/1], Callees, After),
              distances(After, Size0, _),
              Size is -Size0,
              (   memberchk(N, [play, main, start, menu]) -> Rank = 0
              ;   entry_name(Code, N, R) -> Rank is R + 1
              ;   Size0 >= 2, Rank = 9
              ) ),
            Found0),
    sort(Found0, Found),
    member(_-_-N, Found),
    Entry =.. [N, _].

%!  entry_shown(+Entry, -Shown) is det: Entry as a person types it
%   ('play/0', 'start(_)').
entry_shown(Entry, Shown) :-
    (   atom(Entry)
    ->  format(atom(Shown), "~w/0", [Entry])
    ;   functor(Entry, N, _),
        format(atom(Shown), "~w(_)", [N])
    ).

entry_name(Code, Name, Rank) :-
    downcase_atom(Name, Lower),
    (   atom_concat('code:', Base0, Code) -> true ; Base0 = Code ),
    (   atom_concat(Base, '#game', Base0) -> true ; Base = Base0 ),   % prolog/gamehost.pl
    downcase_atom(Base, Game),
    (   Lower == Game                   % the code module is named after the file
    ->  Rank = 1
    ;   entry_word(Lower, Rank)
    ).

%   nearer_in_its_loop(+Uncalled, +N): another of Uncalled (each
%   N-loop(After, Before), the predicates it leads to and that lead to
%   it, with their distances) leads to N and back, and the predicates of
%   the loop are nearer to it (init/0, not the rules' screen that calls
%   it again).
nearer_in_its_loop(Uncalled, N) :-
    memberchk(N-loop(After, Before), Uncalled),
    distances(After, _, Depths),
    member(M-loop(AfterM, _), Uncalled), M \== N,
    get_assoc(M/0, After, _), get_assoc(M/0, Before, _),
    distances(AfterM, _, DepthsM),
    DepthsM < Depths,
    !.

entry_word(Lower0, Rank) :-
    \+ again_word(Lower0),
    atomic_list_concat(Parts, display, Lower0),     % display_board/0: no play
    atomic_list_concat(Parts, Lower),
    (   member(W-Rank, [play-0, start-0, jogar-0, jogo-1, main-1, menu-1, game-2, run-2,
                        begin-2, launch-2, inicio-2, iniciar-2]),
        sub_atom(Lower, _, _, _, W)
    ->  true
    ).

%   calls(+Code, -Graph): the calls among the game's own predicates,
%   Graph = graph(Callees, Callers), each an assoc of a predicate to
%   those it names in a clause (calls, or names for a menu to call), or
%   that name it; none from a predicate that starts a game again
%   (play_again/0, after a game).
calls(Code, graph(Callees, Callers)) :-
    findall(From-To, ( code_clause(Code, Head, Body),
                       functor(Head, By, A),
                       \+ sub_atom(By, 0, _, _, '$'),     % a wrapper the arena's runs put
                       downcase_atom(By, Lower), \+ again_word(Lower),
                       From = By/A,
                       body_functors(Body, Tos),
                       member(To, Tos), To \== From,
                       defines(Code, To) ),
            Edges0),
    sort(Edges0, Edges),
    edges_assoc(Edges, Callees),
    findall(To-From, member(From-To, Edges), Back0),
    msort(Back0, Back),
    edges_assoc(Back, Callers).

%   body_functors(+Body, -PIs): the name/arity of each callable subterm of
%   Body, each once; none for a body of more than 100,000 cells (no game
%   writes one: a hostile one of 300,000 nested goals costs no scan).
body_functors(Body, PIs) :-
    (   term_size(Body, Cells), Cells > 100000
    ->  PIs = []
    ;   findall(N/A, ( sub_term(G, Body), callable(G), functor(G, N, A) ), PIs0),
        sort(PIs0, PIs)
    ).

edges_assoc(Edges, Assoc) :-
    group_pairs_by_key(Edges, Groups),
    list_to_assoc(Groups, Assoc).

%   called(+Before, +After): a predicate that leads to a predicate
%   (Before) is not one that predicate leads to (After): it is not where
%   the game starts.
called(Before, After) :-
    assoc_to_keys(Before, Preds),
    member(P, Preds),
    \+ get_assoc(P, After, _),
    !.

again_word(Lower) :-                    % after a game: restart/0
    member(Again, [restart, again, reset]),
    sub_atom(Lower, _, _, _, Again).

%   root(+Code, +Uncalled, -Name): of the uncalled predicates of arity 0
%   no name ranks, the one that reaches the most of the game's own
%   predicates, 4 at least (a loop, not a test or a helper left unused);
%   of two in one loop (init/0 and the screen that calls it again), the
%   one they are nearest to.
root(Code, Uncalled, Name) :-
    findall(Size-Near-N, ( member(N-loop(After, _), Uncalled),
                           \+ entry_name(Code, N, _),
                           downcase_atom(N, Lower), \+ again_word(Lower),
                           distances(After, Size, Depths),
                           Near is -Depths ),
            Sized),
    max_member(Size-_-Name, Sized),
    Size >= 4.

%   distances(+Seen, -Size, -Depths): how many predicates Seen holds and
%   the sum of their distances.
distances(Seen, Size, Depths) :-
    assoc_to_values(Seen, Ds),
    length(Ds, Size),
    sum_list(Ds, Depths).

%   spread(+Starts, +Edges, -Seen): the predicates Edges lead to from
%   Starts, and Starts, each with its distance from them.
spread(Starts, Edges, Seen) :-
    findall(S-0, member(S, Starts), Pairs),
    list_to_assoc(Pairs, Seen0),
    spread_(Starts, 1, Edges, Seen0, Seen).

spread_([], _, _, Seen, Seen) :- !.
spread_(Frontier, D, Edges, Seen0, Seen) :-
    foldl(next_level(Edges, D), Frontier, []-Seen0, Next-Seen1),
    D1 is D + 1,
    spread_(Next, D1, Edges, Seen1, Seen).

next_level(Edges, D, P, Next0-Seen0, Next-Seen) :-
    (   get_assoc(P, Edges, Callees) -> true ; Callees = [] ),
    foldl(visit(D), Callees, Next0-Seen0, Next-Seen).

visit(D, Q, Next0-Seen0, Next-Seen) :-
    (   get_assoc(Q, Seen0, _)
    ->  Next = Next0, Seen = Seen0
    ;   put_assoc(Q, Seen0, D, Seen), Next = [Q|Next0]
    ).
