:- module(arena_gamefile_propose,
          [ propose_adapter/4,        % +Code, +ConfigText, +FileBase, -Text
            no_proposal_reason/3      % +Code, +ConfigText, -Reason
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(propose_code).
:- use_module(propose_record, [make_proposal/2]).
:- use_module(propose_trial).
:- use_module(propose_text).
:- use_module(propose_turns).
:- use_module(propose_beside).
:- use_module(propose_recast).
:- use_module(propose_switched).
:- use_module(propose_loop, [forget_loop_states/0]).
:- use_module('../prefix').
:- use_module(safety, [game_error_text/3]).

/** <module> An adapter proposed for a game file without players/current_player

propose_adapter/4 plays a few legal moves of the game in its code module
(first listed move each time) and looks for the place in the state
(an argument at most three levels deep) whose value alternates from one
state to the next, as the player to move does. It writes the text of an
adapter (`NAME-arena.pl`): players/1, current_player/2 over that place,
the config that initial_state/2 accepted, a winner mapping, and, where
the game's own code shows them, the rest of what other contract years
need:

  - the config: one the game's own code passes to initial_state/2
    (`initial_state(7, S)` in its play/0), else a usual board size, else
    the shape initial_state/2 takes (`[Type, Size, Level, Mode]`) filled
    with a size and ones;
  - winner terms that are not the players (`'GAME OVER! Black Won!'`),
    read from game_over/2's clauses and mapped by the player named in them;
  - AI levels named with atoms (`easy_ai`, `hard_ai`) or terms with the
    level in them (`computer-L`), read from choose_move's clauses:
    arena_level/2;
  - value/3 that takes the board, not the state, or answers only for
    the player to move: arena_value/3;
  - a pass move that move/3 takes but valid_moves never lists
    (`skipped`): arena_valid_moves/2 gives it when nothing else is valid;
  - display_game/2 that takes the state second: arena_display_game/1;
  - where display_game fails for want of facts the game's menu asserts,
    the assertions found in its code, as lines to fill in.

Where no place alternates under move/3 alone, the moves are tried
recast (listed in one shape, taken in another: propose_recast.pl), the
player beside the state (propose_beside.pl), and move/3 followed by the
hand-over the game's loop makes (propose_switched.pl).

Every inferred line is marked GUESS for the user to confirm. Fails when
no initial state or no alternating place is found; no_proposal_reason/3
then says what the game has instead.
*/

%!  propose_adapter(+Code, +ConfigText, +FileBase, -Text) is semidet.

propose_adapter(_, _, _, _) :-
    nb_setval(arena_propose_keyboard, none),   % set by quiet/1's trials
    nb_setval(arena_propose_error, none),
    nb_setval(arena_propose_slow, []),
    forget_loop_states,
    fail.
propose_adapter(Code, ConfigText, FileBase, Text) :-
    two_part_adapter(Code, ConfigText, FileBase, Text),
    !.
propose_adapter(Code, ConfigText, FileBase, Text) :-
    alternating(Code, ConfigText, FileBase, Text),
    !.
propose_adapter(Code, ConfigText, FileBase, Text) :-
    once(initial(Code, ConfigText, _, _, S0)),
    recast(Code, S0, Recast),
    with_recast(Code, Recast, alternating(Code, ConfigText, FileBase, Text0)),
    !,
    recast_text(Recast, Text0, Text).
propose_adapter(Code, ConfigText, FileBase, Text) :-
    beside_adapter(Code, ConfigText, FileBase, Text),
    !.
propose_adapter(Code, ConfigText, FileBase, Text) :-
    once(initial(Code, ConfigText, _, _, S0)),
    switched(Code, S0, Switch),
    with_switched(Code, Switch, alternating(Code, ConfigText, FileBase, Text0)),
    !,
    switched_text(Switch, S0, Text0, Text).

%   alternating(+Code, +ConfigText, +FileBase, -Text): the adapter over
%   the place in the state that alternates between the players.
alternating(Code, ConfigText, FileBase, Text) :-
    initial(Code, ConfigText, Config, From, S0),
    path_candidates(S0, Paths),
    (   member(Path0, Paths),
        at_path(S0, Path0, Q0),
        walk(Code, Path0, S0, Q0, Q1)
    ;   defines(Code, valid_moves/2),   % a turn of several moves, a turn count
        trajectory(Code, S0, 13, States),
        (   member(Path0, Paths),
            in_parts(States, Path0, Q0, Q1)
        ;   member(Count, Paths),
            counted(States, Count),
            turn_name(Code, S0, Count, Name),
            Path0 = counter(Count, Code:Name),
            at_path(S0, Path0, Q0),
            walk(Code, Path0, S0, Q0, Q1)
        )
    ),
    !,
    written_first(Code, S0, Paths, Path0, Q0, Q1, Path, P0, P1),
    pattern(S0, Path, Var, Pattern),
    make_proposal([state(S0), path(Path), config(Config), from(From), pattern(Pattern),
                   var(Var), first(P0), second(P1)], Proposal),
    adapter_text(Code, FileBase, Proposal, Text).

%   turn_name(+Code, +S0, +Path, -Name): Path in S0 holds a count N that
%   the game's Name/2 turns into a player (`turn_colour(1, white)`), its
%   parity deciding: the other player for N+1, the first again for N+2.
%   Only where no rule takes the player term the count stands for.
turn_name(Code, S0, Path, Name) :-
    at_path(S0, Path, N0),
    integer(N0),
    defines(Code, valid_moves/2),
    defines(Code, move/3),
    \+ defines(Code, choose_move/4),
    \+ defines(Code, display_game/2),
    current_predicate(Code:Name/2),
    \+ memberchk(Name, [initial_state, valid_moves, game_over, display_game, value,
                        choose_move, move]),
    functor(Head, Name, 2),
    \+ predicate_property(Code:Head, imported_from(_)),
    N1 is N0 + 1,
    N2 is N0 + 2,
    G0 =.. [Name, N0, X0], G1 =.. [Name, N1, X1], G2 =.. [Name, N2, X2],
    quiet(Code:G0), atom(X0),
    quiet(Code:G1), atom(X1), X1 \== X0,
    quiet(Code:G2), X2 == X0.

%   trajectory(+Code, +S0, +N, -States): S0 and the states after up to N
%   moves, each the first of the first 5 listed that move/3 takes.
trajectory(Code, S, N, [S|States]) :-
    (   N > 0,
        listed(Code, S, _, Ms),
        first_n(5, Ms, Ms5),
        member(M, Ms5),
        takes(Code, S, M, S1)
    ->  N1 is N - 1,
        trajectory(Code, S1, N1, States)
    ;   States = []
    ).

%   in_parts(+States, +Path, -P0, -P1): along States the value at Path
%   is P0 for a turn of up to 6 moves, then P1, then P0 again.
in_parts(States, Path, P0, P1) :-
    values_at(States, Path, Values),
    value_runs(Values, [P0-K0, P1-K1, P0-_|_]),
    P0 \== P1,
    K0 =< 6, K1 =< 6,
    ( K0 > 1 ; K1 > 1 ).

values_at([], _, []).
values_at([S|Ss], Path, [V|Vs]) :-
    at_path(S, Path, V),
    values_at(Ss, Path, Vs).

%   value_runs(+Values, -Runs): Values as Value-Count runs of equal ones.
value_runs([], []).
value_runs([V|Vs], Runs) :-
    value_runs(Vs, Runs0),
    (   Runs0 = [W-K|Rest], W == V
    ->  K1 is K + 1,
        Runs = [V-K1|Rest]
    ;   Runs = [V-1|Runs0]
    ).

%   counted(+States, +Path): the value at Path counts the moves along
%   States (N, N+1, N+2, ...).
counted(States, Path) :-
    States = [_, _, _|_],
    values_at(States, Path, [N0|Ns]),
    integer(N0),
    counts_on(Ns, N0).

counts_on([], _).
counts_on([N|Ns], Prev) :-
    integer(N),
    N =:= Prev + 1,
    counts_on(Ns, N).

%   written_first(+Code, +S0, +Paths, +Path0, +Q0, +Q1, -Path, -P0, -P1):
%   where two places alternate in step with swapped values (the player
%   to move and the next, Board-Player-Next), the one written first is
%   the player to move.
written_first(Code, S0, Paths, Path0, Q0, Q1, Path, P0, P1) :-
    member(Path, Paths),
    Path @< Path0,
    at_path(S0, Path, Q1),
    walk(Code, Path, S0, Q1, Q0),
    !,
    P0 = Q1,
    P1 = Q0.
written_first(_, _, _, Path, P0, P1, Path, P0, P1).

%!  no_proposal_reason(+Code, +ConfigText, -Reason) is det.
%
%   Why no adapter could be proposed, naming the predicates of other
%   contract years the game has instead of the ones a proposal needs, or
%   what the trial found; `--config` is advised only where a config
%   could help and none was given.

no_proposal_reason(Code, ConfigText, Reason) :-
    findall(Why, missing_part(Code, Why), Whys),
    (   Whys \== []
    ->  atomic_list_concat(Whys, '; ', Reason0),
        format(atom(Reason), "~w: write the adapter by hand (see \"What an adapter may say\" in docs/course-submissions.md)",
               [Reason0])
    ;   once(initial(Code, ConfigText, _, _, S0))
    ->  state_reason(Code, ConfigText, S0, Reason0),
        with_rule_error(Code, Reason0, Reason)
    ;   ConfigText == ''
    ->  (   nb_current(arena_propose_error,       % no config defines a missing helper
                       initial_state/_-error(existence_error(procedure, _), _))
        ->  Advice = ''
        ;   Advice = ' (give the config with --config)'
        ),
        format(atom(Reason0), "initial_state/2 gave no state for any config the game's \c
                               code passes or a usual size~w", [Advice]),
        with_rule_error(Code, Reason0, Reason)
    ;   format(atom(Reason0), "initial_state/2 gave no state for the config ~w", [ConfigText]),
        with_rule_error(Code, Reason0, Reason)
    ).

%   with_rule_error(+Code, +Reason0, -Reason): Reason0 and the first
%   error a rule of the game threw in the trials, where one did (a rule
%   that throws answers nothing the proposal can use).
with_rule_error(Code, Reason0, Reason) :-
    nb_current(arena_propose_error, N/A-E),
    memberchk(N, [initial_state, valid_moves, move, game_over]),
    !,
    game_error_text(Code, E, Text),
    format(atom(Reason), "~w; in the trials ~w/~w threw: ~w", [Reason0, N, A, Text]).
with_rule_error(_, Reason, Reason).

%   state_reason(+Code, +ConfigText, +S0, -Reason): why no adapter, the
%   game's first state S0 found.
state_reason(_, _, _, Reason) :-
    nb_current(arena_propose_keyboard, N/A),
    !,
    format(atom(Reason), "~w/~w reads the keyboard while the game is played (a question \c
                          the game asks in its rules, such as a pie rule's): write the \c
                          adapter by hand, the answer made a move (see docs/cross-check.md)",
           [N, A]).
state_reason(Code, _, S0, Reason) :-
    refused_moves(Code, S0, M),
    !,
    format(atom(Reason), "move/3 takes none of the first moves valid_moves/2 lists in the \c
                          first state (~W among them): the two disagree on what a move \c
                          is; write arena_move/3 by hand", [M, [max_depth(6), quoted(true)]]).
state_reason(_, '', _, Reason) :-
    !,
    Reason = 'no place in the initial state alternates between two players as moves are played (the player may be kept in a fact, or a turn has parts): write current_player/2 by hand, or give another config with --config'.
state_reason(_, _, _, 'no place in the initial state alternates between two players as moves are played (the player may be kept in a fact, or a turn has parts): write current_player/2 by hand').

%   refused_moves(+Code, +S0, -M): move/3 takes none of the first moves
%   valid_moves/2 lists in S0, M the first.
refused_moves(Code, S0, M) :-
    refused_listing(Code, S0, [M|_]).

missing_part(Code, Why) :-
    \+ defines(Code, move/3),
    \+ defines(Code, move/4),
    Why = 'the game has no move/3'.
missing_part(Code, Why) :-
    \+ defines(Code, initial_state/2),
    \+ defines(Code, initial_state/1),
    \+ defines(Code, initial/1),
    Why = 'the game has no initial_state/2'.
missing_part(Code, Why) :-
    \+ defines(Code, move/3),
    defines(Code, move/4),
    Why = 'the game has move/4 (a move with a phase or player) but no move/3'.
missing_part(Code, Why) :-
    \+ defines(Code, game_over/2),
    defines(Code, game_over/3),
    Why = 'the game has game_over/3 (a part of the state kept by its game loop) but no game_over/2'.
missing_part(Code, Why) :-
    \+ defines(Code, valid_moves/2),
    \+ defines(Code, valid_moves/3),
    (   defines(Code, move/3)
    ->  Why = 'the game has no valid_moves/2 or valid_moves/3, and move/3 gives no moves of its own for a free move'
    ;   Why = 'the game has no valid_moves/2 or valid_moves/3'
    ).
