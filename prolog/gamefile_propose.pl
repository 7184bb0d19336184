:- module(arena_gamefile_propose,
          [ propose_adapter/4         % +Code, +ConfigText, +FileBase, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

/** <module> An adapter proposed for a game file without players/current_player

propose_adapter/4 plays a few legal moves of the game in its code module
(first listed move each time) and looks for the place in the state
(an argument at most three levels deep) whose value alternates from one
state to the next, as the player to move does. It writes the text of an
adapter (`NAME-arena.pl`): players/1, current_player/2 over that place,
the config that initial_state/2 accepted, a winner mapping, and, where
the players are not atoms, wrappers of the game's predicates that take a
player. Every inferred line is marked GUESS for the user to confirm.
Fails when no initial state or no alternating place is found.
*/

%!  propose_adapter(+Code, +ConfigText, +FileBase, -Text) is semidet.

propose_adapter(Code, ConfigText, FileBase, Text) :-
    initial(Code, ConfigText, Config, S0),
    path_candidates(S0, Paths),
    member(Path, Paths),
    at_path(S0, Path, P0),
    walk(Code, Path, S0, P0, P1),
    !,
    pattern(S0, Path, Var, Pattern),
    adapter_text(Code, FileBase, Config, Pattern, Var, P0, P1, Text).

%   initial(+Code, +ConfigText, -Config, -State): the config given, else
%   the first of a few usual ones that initial_state accepts with a
%   ground state.
initial(Code, ConfigText, Config, S) :-
    (   ConfigText \== ''
    ->  term_string(Config, ConfigText),
        Candidates = [Config]
    ;   Candidates = [8, 7, 6, 5, 9, 10, 4, 3, 1, [], default]
    ),
    member(Config, Candidates),
    (   current_predicate(Code:initial_state/2)
    ->  quiet(Code:initial_state(Config, S))
    ;   current_predicate(Code:initial_state/1),
        quiet(Code:initial_state(S))
    ),
    ground(S),
    !.

quiet(Goal) :-
    catch(call_with_time_limit(5, with_output_to(string(_), once(Goal))), _, fail).

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

at_path(T, [], T).
at_path(T, [I|Is], X) :-
    compound(T),
    arg(I, T, Y),
    at_path(Y, Is, X).

%   walk(+Code, +Path, +S0, +P0, -P1): three moves from S0, the value at
%   Path alternating P0, P1, P0, P1.
walk(Code, Path, S0, P0, P1) :-
    step(Code, Path, S0, P0, S1),
    at_path(S1, Path, P1),
    P1 \== P0,
    step(Code, Path, S1, P1, S2),
    at_path(S2, Path, P0b),
    P0b == P0,
    (   step(Code, Path, S2, P0, S3)
    ->  at_path(S3, Path, P1b),
        P1b == P1
    ;   true
    ).

step(Code, _, S, P, S1) :-
    moves(Code, S, P, Ms),
    member(M, Ms),
    quiet(Code:move(S, M, S1)),
    ground(S1),
    !.

moves(Code, S, P, Ms) :-
    (   current_predicate(Code:valid_moves/2)
    ->  quiet(Code:valid_moves(S, Ms))
    ;   quiet(Code:valid_moves(S, P, Ms))
    ),
    Ms = [_|_].

%   pattern(+State, +Path, -Var, -Pattern): State's shape with Var at
%   Path and fresh variables elsewhere.
pattern(_, [], Var, Var).
pattern(T, [I|Is], Var, P) :-
    functor(T, N, A),
    functor(P, N, A),
    arg(I, T, X),
    arg(I, P, Y),
    pattern(X, Is, Var, Y).

adapter_text(Code, FileBase, Config, Pattern, Var, P0, P1, Text) :-
    (   atom(P0), atom(P1), P0 \== draw, P1 \== draw
    ->  Names = [P0, P1], Atoms = true
    ;   Names = [player1, player2], Atoms = false
    ),
    Names = [N0, N1],
    with_output_to(string(Text),
      ( format("% The arena's adapter for ~w, proposed by `arena check-game`.~n", [FileBase]),
        format("% It plays the file unchanged and adds what the arena needs. Lines marked~n"),
        format("% GUESS were inferred from a few legal moves: confirm them against the~n"),
        format("% game's code, then run `arena check-game` on this file.~n~n"),
        format(":- consult(~q).~n~n", [FileBase]),
        format("players(~q).~n~n", [Names]),
        (   Atoms == true
        ->  Pattern1 = Pattern, Var = Who,
            format("% GUESS: the place in the state that alternated ~q, ~q, ~q~n", [P0, P1, P0]),
            portray_clause(current_player(Pattern1, Who)),
            format("~n% GUESS: the game's winner terms are the players (and draw)~n"),
            portray_clause(arena_winner(W, W))
        ;   format("% GUESS: the game's players ~q and ~q, by the place in the state that~n", [P0, P1]),
            format("% alternated; rename ~q and ~q at will~n", [N0, N1]),
            portray_clause(arena_player(P0, N0)),
            portray_clause(arena_player(P1, N1)),
            nl,
            portray_clause((current_player(Pattern, Name) :- arena_player(Var, Name))),
            format("~n% GUESS: the game's winner terms are its players (and draw)~n"),
            portray_clause((arena_winner(W, Name) :- arena_player(W, Name))),
            portray_clause(arena_winner(draw, draw)),
            player_wrappers(Code, Pattern, Var)
        ),
        (   current_predicate(Code:initial_state/2)
        ->  format("~n% GUESS: the config initial_state/2 accepted (a board size?)~n"),
            portray_clause(arena_config(_, Config))
        ;   format("~n% initial_state/1 of the 2021/22 contract~n"),
            portray_clause((arena_initial_state(_, S) :- initial_state(S)))
        )
      )).

%   player_wrappers(+Code, +Pattern, +Var): the game's predicates that
%   take a player, given the game's own player term.
player_wrappers(Code, Pattern0, Var0) :-
    nl,
    (   current_predicate(Code:valid_moves/3),
        \+ current_predicate(Code:valid_moves/2)
    ->  copy_term(Pattern0-Var0, S-P),
        portray_clause((arena_valid_moves(S, Ms) :- valid_moves(S, P, Ms)))
    ;   true
    ),
    (   current_predicate(Code:choose_move/4),
        \+ current_predicate(Code:choose_move/3)
    ->  copy_term(Pattern0-Var0, S1-P1),
        portray_clause((arena_choose_move(S1, L, M) :- choose_move(S1, P1, L, M)))
    ;   true
    ),
    (   current_predicate(Code:value/3)
    ->  portray_clause((arena_value(S2, N, V) :- arena_player(P2, N), value(S2, P2, V)))
    ;   true
    ),
    (   current_predicate(Code:display_game/2),
        \+ current_predicate(Code:display_game/1)
    ->  copy_term(Pattern0-Var0, S3-P3),
        portray_clause((arena_display_game(S3) :- display_game(S3, P3)))
    ;   true
    ).
