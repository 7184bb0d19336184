:- module(arena_gamefile_propose_moves,
          [ takes/4,                  % +Code, +State, +Move, -State1
            moves/4,                  % +Code, +State, +Player, -Moves
            listed/4,                 % +Code, +State, +Player, -Moves
            closed/1,                 % ?List
            refused_listing/3,        % +Code, +State, -Moves
            generated_moves/3,        % +Code, +State, -Moves
            generated_text/4,         % +Code, +S, -Base, -Ms
            moves_shape/8             % +Code, +S0, +P0, +Own, ?OwnMs, -Base, -Ms, -Changed
          ]).
:- use_module(rule_clock, [firm_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(occurs), [sub_term/2]).
:- use_module(propose_code).
:- use_module('../prefix', [first_n/3]).

/** <module> The moves a game lists and takes, as the proposal sees them

The trial games of the adapter proposal (prolog/gamefile/propose.pl)
play the moves valid_moves lists (or, for a game without it, those
move/3 gives for a free move), each taken by move/3. A move/3 that
succeeds with the state as it was refuses the move the way its loop
does (it asks again).
*/

%!  takes(+Code, +S, +M, -S1) is semidet.
%
%   move/3 takes M in S: S1 the new state, ground and not S itself.

takes(Code, S, M, S1) :-
    in_time,
    defines(Code, move/3),
    quiet(Code:move(S, M, S1)),
    ground(S1),
    S1 \== S.

%!  moves(+Code, +S, +P, -Ms) is semidet.
%
%   The moves listed in S (P to move), at least one.

moves(Code, S, P, Ms) :-
    listed(Code, S, P, Ms),
    Ms = [_|_].

%!  listed(+Code, +S, +P, -Ms) is semidet.
%
%   valid_moves' first answer ([] too), or where that is [] and later
%   answers list moves (a valid_moves/2 that lists one piece's moves an
%   answer, as the game's loop backtracking into it takes them), every
%   answer's moves, each once.

listed(Code, S, P, Ms) :-
    (   defines(Code, valid_moves/2)
    ->  G = valid_moves(S, L)
    ;   defines(Code, valid_moves/3)
    ->  G = valid_moves(S, P, L)
    ),
    !,
    copy_term(G-L, G1-L1),
    quiet(Code:G1),
    closed(L1),
    (   L1 \== []
    ->  Ms = L1
    ;   quiet(findall(M, limit(50, ( Code:G, member(M, L) )), Union)),
        list_to_set_v(Union, Ms)
    ).
listed(Code, S, _, Ms) :-
    generated_moves(Code, S, Ms).

%!  refused_listing(+Code, +S, -Ms) is semidet.
%
%   valid_moves/2 lists Ms in S, at least one, and move/3 takes none of
%   the first 20: the two disagree on what a move is.

refused_listing(Code, S, Ms) :-
    defines(Code, valid_moves/2),
    quiet(Code:valid_moves(S, Ms)),
    closed(Ms),
    Ms = [_|_],
    first_n(20, Ms, Firsts),
    \+ ( member(M, Firsts), takes(Code, S, M, _) ).

%   closed(?List): a list whose tail was left unbound (a base clause
%   `valid_moves_aux(_, [], _)`) ends there, as length/2 ends it in the
%   game's own code.
closed(List) :-
    '$skip_list'(_, List, Tail),
    (   var(Tail) -> Tail = [] ; true ).

%!  generated_moves(+Code, +S, -Ms) is semidet.
%
%   The moves move/3 itself gives in S for a free move (a game without
%   valid_moves), each once: its ground answers that change the state,
%   at most 500, within 2 s. Where a free move throws an instantiation
%   error, the parts of the move shapes move/3's heads show are bound in
%   turn, each from 0 to the length of the state's longest list.

generated_moves(Code, S, Ms) :-
    in_time,
    findall(Sh, head_shape(Code, Sh), Shapes),
    catch(firm_time_limit(2, with_output_to(string(_),
              findall(M, limit(500, bound_move(Code, S, Shapes, M)), Ms0))),
          _, fail),
    sort(Ms0, Ms).

bound_move(Code, S, Shapes, M) :-
    catch(( Code:move(S, M, S1), Thrown = false ), error(instantiation_error, _), Thrown = true),
    (   Thrown == false
    ->  ground(M),
        S1 \== S
    ;   longest_list(S, N),
        numlist(0, N, Range),
        member(M, Shapes),
        bound_parts(Code, S, M, Range)
    ).

bound_parts(Code, S, M, Range) :-
    catch(( Code:move(S, M, S1), Thrown = false ), error(instantiation_error, _), Thrown = true),
    (   Thrown == false
    ->  ground(M),
        S1 \== S
    ;   term_variables(M, [V|_]),
        member(V, Range),
        bound_parts(Code, S, M, Range)
    ).

longest_list(T, N) :-
    findall(L, ( sub_term(X, T), is_list(X), length(X, L) ), Ls),
    max_list([0|Ls], N).

%   head_shape(+Code, -Shape): a compound move with variable parts a
%   clause head of move/3 takes (`SR-SC-ER-EC`), each shape once.
head_shape(Code, Shape) :-
    findall(M, ( code_clause(Code, move(_, M, _), _), compound(M),
                 term_variables(M, [_|_]) ), Ms),
    list_to_set_v(Ms, Set),
    member(Shape, Set).

%!  generated_text(+Code, ?S, -Base, -Ms) is det.
%
%   Base lists the moves Ms move/3 gives in S for a free move; where the
%   game's move/3 has head shapes, through arena_bound_move/2, written
%   here: the adapter text of generated_moves/3.

generated_text(Code, S, Base, Ms) :-
    findall(Sh, head_shape(Code, Sh), Shapes),
    (   Shapes == []
    ->  Base = ( findall(M, ( move(S, M, S1), ground(M), S1 \== S ), Ms0), sort(Ms0, Ms) )
    ;   Base = ( findall(M, arena_bound_move(S, M), Ms0), sort(Ms0, Ms) ),
        format("~n% GUESS: where move/3 throws for a free move, the parts of the moves its~n"),
        format("% clause heads take bound in turn, each from 0 to the length of the~n"),
        format("% state's longest list~n"),
        forall(member(Sh, Shapes), portray_clause(arena_move_shape(Sh))),
        portray_clause((arena_bound_move(S2, M2) :-
            catch(( move(S2, M2, S3), T = false ), error(instantiation_error, _), T = true),
            (   T == false
            ->  ground(M2), S3 \== S2
            ;   findall(L, ( sub_term(X, S2), is_list(X), length(X, L) ), Ls),
                max_list([0|Ls], N), numlist(0, N, Range),
                arena_move_shape(M2),
                arena_bound_parts(S2, M2, Range) ))),
        portray_clause((arena_bound_parts(S2, M2, Range) :-
            catch(( move(S2, M2, S3), T = false ), error(instantiation_error, _), T = true),
            (   T == false
            ->  ground(M2), S3 \== S2
            ;   term_variables(M2, [V|_]),
                member(V, Range),
                arena_bound_parts(S2, M2, Range) )))
    ).

%   moves_shape(+Code, +S0, +P0, +Own, ?OwnMs, -Base, -Ms, -Changed):
%   the game's valid_moves call Own as the contract wants it: its first
%   answer where it leaves a choice point, each move once where it
%   lists one twice (in the first state). Changed is true when Base is
%   not Own.
moves_shape(Code, S0, P0, Own, OwnMs, Base, Ms, Changed) :-
    (   defines(Code, valid_moves/2)
    ->  Goal = Code:valid_moves(S0, Ms0)
    ;   Goal = Code:valid_moves(S0, P0, Ms0)
    ),
    (   quiet_det(Goal, Det)
    ->  true
    ;   Det = det, Ms0 = []
    ),
    (   Det == nondet,
        Ms0 == [],
        listed(Code, S0, P0, [_|_])
    ->  format("% valid_moves lists the moves of one piece an answer (the first []):~n"),
        format("% every answer's moves, as the game's loop backtracking into it takes them~n"),
        Once = findall(M, ( Own, member(M, OwnMs) ), OwnMs1),
        OwnMs2 = OwnMs1
    ;   Det == nondet
    ->  format("% valid_moves leaves a choice point: its first answer, as the game's~n"),
        format("% loop takes it~n"),
        Once = once(Own),
        OwnMs2 = OwnMs
    ;   Once = Own,
        OwnMs2 = OwnMs
    ),
    (   '$skip_list'(_, Ms0, Tail), var(Tail)
    ->  format("% valid_moves leaves the end of its list unbound: it ends there, as~n"),
        format("% length/2 ends it in the game's loop~n"),
        closed(Ms0),
        Once1 = (Once, once(length(OwnMs2, _)))
    ;   Once1 = Once
    ),
    (   msort(Ms0, Sorted), length(Sorted, N), sort(Ms0, Set), length(Set, N1), N1 < N
    ->  format("% valid_moves lists some moves twice: each once~n"),
        Base = (Once1, list_to_set(OwnMs2, Ms))
    ;   OwnMs2 == OwnMs
    ->  Base = Once1,
        Ms = OwnMs
    ;   Base = (Once1, list_to_set(OwnMs2, Ms))   % every answer's moves, each once
    ),
    (   Base == Own -> Changed = false ; Changed = true ).
