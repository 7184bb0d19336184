:- module(arena_gamefile_propose_switched,
          [ switched/3,               % +Code, +S0, -Switch
            with_switched/3,          % +Code, +Switch, :Goal
            switched_text/4           % +Switch, +S0, +Text0, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(occurs), [sub_term/2]).
:- use_module(propose_code).
:- use_module(propose_paths).
:- use_module(propose_moves, [moves/4, takes/4]).
:- use_module(propose_text, [renamed_calls/4]).
:- use_module('../prefix', [first_n/3]).

:- meta_predicate with_switched(+, +, 0).

/** <module> A move/3 that keeps the player, its loop hands the turn over

A course game may keep the player to move in its state
(`[Board, player1, ...]`) and yet leave it there in move/3: its game
loop hands the turn over itself, with a fact of its own that relates
the two players each way (`nextPlayer(player1, player2)`,
`nextPlayer(player2, player1)`). No place in the state alternates under
move/3 alone. Where the loop's code calls move/3 and that fact, the
proposal runs with move/3 followed by the hand-over, and the adapter's
arena_move/3 does the same.
*/

%!  switched(+Code, +S0, -Switch) is semidet.
%
%   Switch = switch(Path, Name): the value at Path in S0 is a player's
%   name or number that the game's Name/2 relates each way to another,
%   a clause of the game's calls move/3 and Name/2, and move/3 keeps
%   that value.

switched(Code, S0, switch(Path, Name)) :-
    defines(Code, move/3),
    path_candidates(S0, Paths),
    member(Path, Paths),
    at_path(S0, Path, P0),
    player_like(P0),
    hand_over(Code, P0, Name),
    moves(Code, S0, P0, Ms),
    first_n(5, Ms, Firsts),
    once(( member(M, Firsts), takes(Code, S0, M, S1) )),
    at_path(S1, Path, Kept),
    Kept == P0,
    !.

%   player_like(+X): a player's name or number (`white`, 2).
player_like(X) :-
    (   atom(X)
    ->  X \== []
    ;   integer(X),
        between(-1, 9, X)
    ).

%   hand_over(+Code, +P0, -Name): the game's own Name/2 relates P0 to
%   another and that one back to P0 (`next(P, Q) :- Q is 3 - P` too),
%   and a clause of the game's calls both move/3 and Name/2 (its loop).
hand_over(Code, P0, Name) :-
    current_predicate(Code:Name/2),
    \+ memberchk(Name, [initial_state, valid_moves, game_over, value, display_game,
                        choose_move, move]),
    functor(Head, Name, 2),
    \+ predicate_property(Code:Head, imported_from(_)),
    G0 =.. [Name, P0, P1],
    quiet(Code:G0),
    player_like(P1), P1 \== P0,
    G1 =.. [Name, P1, Back],
    quiet(Code:G1),
    Back == P0,
    once(( code_clause(Code, _, Body),
           calls(Body, move, 3),
           calls(Body, Name, 2) )).

calls(Body, Name, Arity) :-
    once(( sub_term(G, Body), compound(G), functor(G, Name, Arity) )).

%!  with_switched(+Code, +Switch, :Goal) is semidet.
%
%   Goal once, with Code's move/3 handing the turn over after each move
%   called from outside the game's own code (its own searches call
%   move/3 as they wrote it).

with_switched(Code, switch(Path, Name), Goal) :-
    (   current_predicate_wrapper(Code:move(_, _, _), arena_switched, _, _)
    ->  true
    ;   wrap_predicate(Code:move(_, _, S1), arena_switched, Wrapped,
                       arena_gamefile_propose_switched:switched_move(Wrapped, Code, S1))
    ),                                  % wrapped once, as with_recast/3 says
    setup_call_cleanup(
        nb_setval(arena_switched, Path-Name),
        once(Goal),
        nb_setval(arena_switched, none)).

%   switched_move(+Wrapped, +Code, -S2): the wrapped move/3 called
%   (Wrapped is call(Closure) over its arguments) for its own new state,
%   S2 that state with the turn handed over where with_switched/3 says
%   so.
switched_move(call(Closure), Code, S2) :-
    Closure =.. [F, S, M, _],
    Own =.. [F, S, M, S1],
    call(Own),
    (   nb_current(arena_switched, Path-Name),
        \+ ( prolog_current_frame(Frame),
             in_own_code(Frame, Code) ),
        at_path(S1, Path, P),
        player_like(P),
        G =.. [Name, P, Next],
        once(Code:G)
    ->  replace_at(S1, Path, Next, S2)
    ;   S2 = S1
    ).

%   in_own_code(+Frame, +Code): a frame above Frame runs a predicate of
%   the game's own other than move/3 (its own search or loop).
in_own_code(Frame, Code) :-
    prolog_frame_attribute(Frame, parent, Parent),
    (   prolog_frame_attribute(Parent, predicate_indicator, Code:Name/_),
        Name \== move,
        \+ sub_atom(Name, 0, _, _, '$wrap$')
    ->  true
    ;   in_own_code(Parent, Code)
    ).

%!  switched_text(+Switch, +S0, +Text0, -Text) is det.
%
%   The adapter Text0, proposed with the turn handed over after each
%   move, as one whose arena_move/3 hands it over itself.

switched_text(switch(Path, Name), S0, Text0, Text) :-
    renamed_calls(Text0, move, arena_switched_move, Text1),
    pattern(S0, Path, P, Before),
    term_variables(Before, Vs0),
    exclude_var(Vs0, P, Vs),
    copy_term(Vs-P-Before, Vs1-Next-After),
    Vs1 = Vs,
    with_output_to(string(Added),
        ( format("~n% GUESS: move/3 keeps the player to move; the game's loop hands the~n"),
          format("% turn over with ~q/2 after each move: the adapter's moves do so too~n",
                 [Name]),
          HandOver =.. [Name, P, Next],
          portray_clause((arena_switched_move(S, M, After) :-
                             move(S, M, Before),
                             HandOver)),
          (   sub_atom(Text1, _, _, _, '\narena_move(')
          ->  true
          ;   portray_clause((arena_move(S, M, S1) :- arena_switched_move(S, M, S1)))
          ) )),
    atomic_list_concat([Text1, Added], Text).

exclude_var([], _, []).
exclude_var([V|Vs], P, Out) :-
    (   V == P
    ->  Out = Vs
    ;   Out = [V|Out1],
        exclude_var(Vs, P, Out1)
    ).
