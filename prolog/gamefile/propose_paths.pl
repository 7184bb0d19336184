:- module(arena_gamefile_propose_paths,
          [ path_candidates/2,        % +State, -Paths
            at_path/3,                % +Term, +Path, -Sub
            replace_at/4,             % +Term, +Path, +New, -Term1
            pattern/4                 % +State, +Path, -Var, -Pattern
          ]).
:- use_module(library(lists)).
:- use_module(library(pairs)).

/** <module> Places in a game's state

A place is a path of argument numbers to an atomic part of the state
(`[3]`, `[2, 1]`), or counter(Path, Name): the player the game's Name/2
gives for the turn count at Path (prolog/gamefile/propose.pl).
*/

%   path_candidates(+State, -Paths): paths to atomic subterms, shallow
%   first.
path_candidates(S, Paths) :-
    findall(L-P, ( between(1, 3, L), length(P, L), atomic_path(S, P) ), LPs),
    pairs_values(LPs, Paths).

atomic_path(T, [I]) :-
    compound(T),
    \+ is_board(T),
    functor(T, _, A),
    between(1, A, I),
    arg(I, T, X),
    atomic(X),
    X \== [].
atomic_path(T, [I|Is]) :-
    Is = [_|_],
    compound(T),
    \+ is_board(T),
    functor(T, _, A),
    between(1, A, I),
    arg(I, T, X),
    atomic_path(X, Is).

% a list of lists (a board) is not searched for the player
is_board(L) :-
    is_list(L),
    L = [_|_],
    forall(member(X, L), is_list(X)).

at_path(T, counter(Path, Name), X) :-     % the player a turn count names
    !,
    at_path(T, Path, N),
    integer(N),
    once(call(Name, N, X)).
at_path(T, [], T).
at_path(T, [I|Is], X) :-
    compound(T),
    arg(I, T, Y),
    at_path(Y, Is, X).

%   replace_at(+T, +Path, +New, -T1): T with New at Path, sharing the
%   rest.
replace_at(_, [], New, New).
replace_at(T, [I|Is], New, T1) :-
    T =.. [F|As],
    nth1(I, As, A, Rest),
    replace_at(A, Is, New, A1),
    nth1(I, As1, A1, Rest),
    T1 =.. [F|As1].

%   pattern(+State, +Path, -Var, -Pattern): State's shape with Var at
%   Path and fresh variables elsewhere.
pattern(T, counter(Path, _), Var, P) :-
    !,
    pattern(T, Path, Var, P).
pattern(_, [], Var, Var).
pattern(T, [I|Is], Var, P) :-
    functor(T, N, A),
    functor(P, N, A),
    arg(I, T, X),
    arg(I, P, Y),
    pattern(X, Is, Var, Y).
