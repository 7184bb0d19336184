:- module(arena_gamefile_propose_recast,
          [ recast/3,                 % +Code, +S0, -Recast
            with_recast/3,            % +Code, +Recast, :Goal
            recast_text/3             % +Recast, +Text0, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(propose_code).

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
%   Recast = recast(From, To), From the shape valid_moves/2 lists in S0,
%   To the shape move/3 takes, sharing their parts; only where move/3
%   takes none of the first 20 moves listed as they are.

recast(Code, S0, recast(From, To)) :-
    defines(Code, valid_moves/2),
    quiet(Code:valid_moves(S0, Ms)),
    Ms = [_|_],
    first_n(20, Ms, Firsts),
    \+ ( member(M, Firsts), quiet(Code:move(S0, M, _)) ),
    findall(F/N, move_shape(Code, F, N), Shapes0),
    sort(Shapes0, Shapes),
    member(F/N, Shapes),
    Firsts = [M0|_],
    parts(M0, From, Parts),
    length(Parts, N),
    To =.. [F|Parts],
    once(( member(M, Firsts),
           copy_term(From-To, M-T),
           quiet(Code:move(S0, T, _)) )),
    !.

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

first_n(N, List, Firsts) :-
    length(List, Len),
    K is min(N, Len),
    length(Firsts, K),
    append(Firsts, _, List).

%!  with_recast(+Code, +Recast, :Goal) is semidet.
%
%   Goal once, with Code's valid_moves/2 listing its moves recast.

with_recast(Code, recast(From, To), Goal) :-
    setup_call_cleanup(
        wrap_predicate(Code:valid_moves(_, Ms), arena_recast, Wrapped,
                       arena_gamefile_propose_recast:listed_recast(Wrapped, From-To, Ms)),
        once(Goal),
        unwrap_predicate(Code:valid_moves(_, _), arena_recast)).

%   listed_recast(+Wrapped, +Map, -Ms): the wrapped valid_moves/2 called
%   (Wrapped is call(Closure) over its arguments) for its own list, Ms
%   that list recast.
listed_recast(call(Closure), Map, Ms) :-
    Closure =.. [F, S, _],
    Own =.. [F, S, Ms0],
    call(Own),
    maplist(recast_move(Map), Ms0, Ms).

recast_move(Map, M0, M) :-
    copy_term(Map, From-To),
    (   M0 = From
    ->  M = To
    ;   M = M0
    ).

%!  recast_text(+Recast, +Text0, -Text) is det.
%
%   The adapter Text0, proposed with the moves recast, as one that lists
%   them so itself.

recast_text(recast(From, To), Text0, Text) :-
    atomic_list_concat(Pieces, 'valid_moves(', Text0),
    rejoin(Pieces, Text1),
    with_output_to(string(Added),
        ( copy_term(From-To, F1-T1),
          numbervars(F1-T1, 0, _),
          shown(F1, FromText),
          shown(T1, ToText),
          format("~n% GUESS: valid_moves/2 lists ~w while move/3 takes ~w (the game's~n",
                 [FromText, ToText]),
          format("% loop turns the one into the other): the moves as move/3 takes them~n"),
          portray_clause(arena_recast(From, To)),
          portray_clause((arena_recast_moves(S, Ms) :-
                             valid_moves(S, Ms0),
                             maplist(arena_recast, Ms0, Ms))),
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

%   rejoin(+Pieces, -Text): Pieces split at 'valid_moves(' joined again,
%   the game's own valid_moves/2 called as arena_recast_moves/2 (not
%   where the name is part of a longer one).
rejoin([T], T) :-
    !.
rejoin([A, B|Rest], Text) :-
    (   sub_atom(A, _, 1, 0, C),
        char_type(C, csym)
    ->  Name = 'valid_moves('
    ;   Name = 'arena_recast_moves('
    ),
    rejoin([B|Rest], Tail),
    atomic_list_concat([A, Name, Tail], Text).
