:- module(arena_gamefile_propose_recast,
          [ recast/3,                 % +Code, +S0, -Recast
            with_recast/3,            % +Code, +Recast, :Goal
            recast_text/3             % +Recast, +Text0, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(propose_code).
:- use_module('../prefix', [first_n/3]).
:- use_module(propose_moves, [takes/4, refused_listing/3]).
:- use_module(propose_text, [renamed_calls/4]).

:- meta_predicate with_recast(+, +, 0).

/** <module> Moves listed in one shape and played in another

A game whose valid_moves/2 lists `(From, To)` while its move/3 takes
`move(From, To)` (its own loop turns the one into the other) plays none
of the moves it lists. Where move/3's clauses name the shape they take,
the listed move's parts are put into that shape; the recast is kept when
move/3 then takes some of the first state's moves. The proposal runs
with valid_moves/2 wrapped to list the moves recast, and the adapter
lists them so.
*/

%!  recast(+Code, +S0, -Recast) is semidet.
%
%   Recast = recast(From, To, Extra), From the shape valid_moves/2 lists
%   in S0, To the shape move/3 takes, sharing their parts, Extra the
%   values of To's parts From lacks (Var-Values: `[R, C]` listed,
%   `[R, C, Dir]` taken, Dir each of the values the game's facts give
%   it); only where move/3 takes none of the first 20 moves listed as
%   they are.

recast(Code, S0, recast(From, To, Extra)) :-
    refused_listing(Code, S0, Ms),
    first_n(20, Ms, Firsts),
    Firsts = [M0|_],
    (   findall(F/N, move_shape(Code, F, N), Shapes0),
        sort(Shapes0, Shapes),
        member(F/N, Shapes),
        parts(M0, From, Parts),
        length(Parts, N),
        To =.. [F|Parts],
        Extra = []
    ;   longer(Code, M0, From, To, Extra)
    ),
    once(( member(M, Firsts),
           copy_term(From-To-Extra, M-T-E),
           bind_extra(E),
           takes(Code, S0, T, _) )),
    !.

%   longer(+Code, +M0, -From, -To, -Extra): a clause of move/3 takes a
%   list one longer than the listed list M0, its last element a
%   variable its body passes to facts (Extra: [Var-Values]).
longer(Code, M0, From, To, [X-Values]) :-
    is_list(M0),
    length(M0, N),
    N1 is N + 1,
    code_clause(Code, move(_, H, _), Body),
    is_list(H),
    length(H, N1),
    last(H, X),
    var(X),
    var_choices(Code, Body, X, X-Values),
    Values \== [],
    length(From, N),
    append(From, [X], To).

bind_extra([]).
bind_extra([V-Values|Extra]) :-
    member(V, Values),
    bind_extra(Extra).

%   move_shape(+Code, -F, -N): move/3 has a clause taking a move F/N.
move_shape(Code, F, N) :-
    code_clause(Code, move(_, M, _), _),
    compound(M),
    \+ is_list(M),
    functor(M, F, N).

%   parts(+Move, -From, -Parts): Move's shape From, with Parts its parts
%   as variables: the two sides of an operator pair, a comma chain, a
%   list's elements, a compound's arguments.
parts(M, From, [A, B]) :-
    compound(M),
    compound_name_arity(M, Op, 2),
    memberchk(Op, [',', '-', '/', '+', '>', ':']),
    compound_name_arguments(From, Op, [A, B]).
parts(M, From, Parts) :-
    M = (_, (_, _)),
    comma_length(M, N),
    length(Parts, N),
    comma_list(From, Parts).
parts(M, Parts, Parts) :-
    is_list(M),
    length(M, N),
    length(Parts, N).
parts(M, From, Parts) :-
    compound(M),
    \+ is_list(M),
    compound_name_arity(M, F, N),
    length(Parts, N),
    compound_name_arguments(From, F, Parts).

comma_length((_, B), N) :-
    !,
    comma_length(B, N0),
    N is N0 + 1.
comma_length(_, 1).

comma_list(X, [X]) :-
    !.
comma_list((A, B), [A|Bs]) :-
    comma_list(B, Bs).

%!  with_recast(+Code, +Recast, :Goal) is semidet.
%
%   Goal once, with Code's valid_moves/2 listing its moves recast.

with_recast(Code, recast(From, To, Extra), Goal) :-
    (   current_predicate_wrapper(Code:valid_moves(_, _), arena_recast, _, _)
    ->  true
    ;   wrap_predicate(Code:valid_moves(_, Ms), arena_recast, Wrapped,
                       arena_gamefile_propose_recast:listed_recast(Wrapped, Code, Ms))
    ),                                  % wrapped once: SWI-Prolog 9.0's unwrap_predicate/2
    setup_call_cleanup(                 % left a host to crash later (segv)
        nb_setval(arena_recast, From-To-Extra),
        once(Goal),
        nb_setval(arena_recast, none)).

%   listed_recast(+Wrapped, +Code, -Ms): the wrapped valid_moves/2 called
%   (Wrapped is call(Closure) over its arguments) for its own list, Ms
%   that list recast by the map with_recast/3 set (none: as it is); as
%   it is where the game's own move/3 calls it (a state that keeps the
%   list).
listed_recast(call(Closure), Code, Ms) :-
    Closure =.. [F, S, _],
    Own =.. [F, S, Ms0],
    call(Own),
    (   nb_current(arena_recast, Map),
        Map \== none,
        \+ ( prolog_current_frame(Frame),
             in_move(Frame, Code) )
    ->  findall(M, ( member(M0, Ms0), recast_move(Map, M0, M) ), Ms)
    ;   Ms = Ms0
    ).

in_move(Frame, Code) :-
    prolog_frame_attribute(Frame, parent, Parent),
    (   prolog_frame_attribute(Parent, predicate_indicator, Code:move/3)
    ->  true
    ;   in_move(Parent, Code)
    ).

recast_move(Map, M0, M) :-
    copy_term(Map, From-To-Extra),
    (   M0 = From
    ->  bind_extra(Extra),
        M = To
    ;   M = M0
    ).

%!  recast_text(+Recast, +Text0, -Text) is det.
%
%   The adapter Text0, proposed with the moves recast, as one that lists
%   them so itself.

recast_text(recast(From, To, Extra), Text0, Text) :-
    renamed_calls(Text0, valid_moves, arena_recast_moves, Text1),
    with_output_to(string(Added),
        ( copy_term(From-To-Extra, F1-T1-E1),
          numbervars(F1-T1-E1, 0, _),
          shown(F1, FromText),
          shown(T1, ToText),
          format("~n% GUESS: valid_moves/2 lists ~w while move/3 takes ~w (the game's~n",
                 [FromText, ToText]),
          format("% loop turns the one into the other): the moves as move/3 takes them~n"),
          forall(member(V-Values, E1),
                 format("% (~w each of ~w, as the game's facts give it)~n", [V, Values])),
          forall(( copy_term(From-To-Extra, F2-T2-E2), bind_extra(E2) ),
                 portray_clause(arena_recast(F2, T2))),
          (   Extra == []
          ->  Taken = true
          ;   format("% (those move/3 takes: it leaves the state as it was for the others)~n"),
              Taken = ( move(S, T, S1), S1 \== S )
          ),
          portray_clause((arena_recast_moves(S, Ms) :-
                             valid_moves(S, Ms0),
                             findall(T, ( member(F, Ms0), arena_recast(F, T), Taken ), Ms))),
          (   sub_atom(Text1, _, _, _, '\narena_valid_moves(')
          ->  true
          ;   portray_clause((arena_valid_moves(S, Ms) :- arena_recast_moves(S, Ms)))
          ) )),
    atomic_list_concat([Text1, Added], Text).

shown(T, Text) :-
    format(string(Text0), "~W", [T, [quoted(true), numbervars(true), spacing(next_argument)]]),
    (   T = (_, _)
    ->  format(string(Text), "(~w)", [Text0])
    ;   Text = Text0
    ).
