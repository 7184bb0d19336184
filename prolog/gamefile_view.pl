:- module(arena_gamefile_view,
          [ view_predicate/2,         % +Code, ?PI
            view_has/2,               % +Code, +PI
            own_pi/3,                 % +Code, +PI, -OwnPI
            make_views/5,             % +Code, +Raw, +Game, +Title, +Facts
            with_move_time/3,         % +Seconds, :Goal, -Note
            general_seconds/3         % +Level, -Soft, -Hard
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(time)).
:- use_module(gamefile_facts).

:- meta_predicate with_move_time(+, 0, -).

/** <module> The contract over a game file's own predicates

make_views/4 builds two modules over the code module of a game file:
the raw view, which maps the course's variants and the documented
defaults onto the contract of prolog/arena.pl, and the game, which calls
the raw view under limits (arena_gamefile:rule_call/3) and checks what
comes back. Variants and defaults:

| contract                    | taken from, in order                                     |
|-----------------------------|----------------------------------------------------------|
| title/1                     | title/1; the file's name                                 |
| option/3                    | option/3; none                                           |
| initial_state(+Opts, -S)    | arena_config(Opts, Config) then initial_state(Config, S); initial_state/2; initial_state/1 (2021/22) |
| valid_moves(+S, -Ms)        | valid_moves/2; valid_moves(S, Player, Ms)               |
| game_over(+S, -W)           | game_over/2, its winner mapped by arena_winner/2 if defined |
| choose_move(+S, +L, -M)     | choose_move/3; choose_move(S, Player, L, M); the generic AI for a level these fail on |
| display_game(+S)            | display_game/1; display_game(S, Player); the state printed |
| move_text(?M, ?T)           | move_text/2; the term written with ~q, text read as a term |

An adapter (a file that consults the game's files and adds what the
arena needs) may define any predicate of the contract under the name
arena_Name with the contract's arity (arena_move/3, arena_game_over/2,
arena_valid_moves/2, ...): it is used instead of the game's own, so a
game whose move/3 means something else (a half turn) can still be
mapped. arena_level(+Level, -GameLevel) maps the arena's integer levels
onto the game's own (`2` to `computer-2`, `hard_bot`); arena_setup(Goal)
names goals run once after loading, in order (facts a menu would
assert).
*/

%!  view_predicate(+Code, ?PI) is nondet.
%
%   PI is a predicate of the contract, a variant or an adapter hook that
%   Code defines.

view_predicate(Code, PI) :-
    known(PI),
    provides(Code, PI).

known(PI) :-
    member(PI, [ title/1, players/1, option/3, initial_state/2,
                 current_player/2, valid_moves/2, valid_moves/3, move/3,
                 game_over/2, value/3, choose_move/3, choose_move/4, initial_state/1,
                 display_game/1, display_game/2, move_text/2,
                 move_description/3, illegal_move_reason/3,
                 outcome_reason/2, rules/1, arena_config/2, arena_winner/2,
                 arena_level/2, arena_setup/1
               ]).

defines(Code, Name/Arity) :-
    functor(Head, Name, Arity),
    current_predicate(Name, Code:Head),
    \+ predicate_property(Code:Head, imported_from(_)).

%   provides(+Code, +PI): Code defines PI or the adapter's arena_Name
%   of the same arity.
provides(Code, Name/Arity) :-
    (   adapter_name(Name, Own),
        defines(Code, Own/Arity)
    ->  true
    ;   defines(Code, Name/Arity)
    ).

adapter_name(Name, Own) :-
    \+ sub_atom(Name, 0, _, _, arena_),
    atom_concat(arena_, Name, Own).

%   own(+Code, +Head, -Goal): the call of Head in Code, the adapter's
%   arena_Name when it defines one.
own(Code, Head, Code:Goal) :-
    functor(Head, Name, Arity),
    (   adapter_name(Name, Own),
        defines(Code, Own/Arity)
    ->  Head =.. [_|Args],
        Goal =.. [Own|Args]
    ;   Goal = Head
    ).

%!  own_pi(+Code, +PI, -Own) is det.
%
%   The predicate of Code that contract predicate PI calls: the
%   adapter's arena_Name, the game's own, or the course variant
%   (valid_moves/3, choose_move/4, display_game/2, initial_state/1);
%   PI where Code has none of them.

own_pi(Code, Name/Arity, Own) :-
    (   adapter_name(Name, Hook),
        defines(Code, Hook/Arity)
    ->  Own = Hook/Arity
    ;   defines(Code, Name/Arity)
    ->  Own = Name/Arity
    ;   variant(Name/Arity, Variant),
        provides(Code, Variant)
    ->  own_pi(Code, Variant, Own)
    ;   Own = Name/Arity
    ).
own_pi(_, PI, PI) :-
    PI \= _/_.

variant(valid_moves/2, valid_moves/3).
variant(choose_move/3, choose_move/4).
variant(display_game/1, display_game/2).
variant(initial_state/2, initial_state/1).

%!  view_has(+Code, +PI) is semidet.
%
%   Code defines PI of the contract itself or through a variant.

view_has(Code, valid_moves/2) :-
    !,
    (   provides(Code, valid_moves/2)
    ->  true
    ;   provides(Code, valid_moves/3)
    ).
view_has(Code, initial_state/2) :-
    !,
    (   provides(Code, initial_state/2)
    ->  true
    ;   defines(Code, initial_state/1)
    ).
view_has(Code, PI) :-
    provides(Code, PI).

%!  make_views(+Code, +Raw, +Game, +Title, +Facts) is det.
%
%   Facts is true when the raw view's states carry the facts of Code.

make_views(Code, Raw, Game, Title, Facts) :-
    findall(Clause, raw_clause(Code, Raw, Title, Clause), RawClauses0),
    (   Facts == true
    ->  maplist(facts_view_clause(Code), RawClauses0, RawClauses)
    ;   RawClauses = RawClauses0
    ),
    define(Raw, RawClauses),
    det_view(Raw, Det),
    findall(Clause, det_clause(Raw, Clause), DetClauses),
    define(Det, DetClauses),
    findall(Clause, game_clause(Code, Raw, Game, Clause), GameClauses),
    define(Game, GameClauses).

%   det_view(+Raw, -Det): the module the general AI searches, the raw
%   view with each rule's first answer only (a course move/3 may have
%   millions of answers, and the contract wants one).
det_view(Raw, Det) :-
    atom_concat('det:', Raw, Det).

det_clause(Raw, (Head :- once(Raw:Head))) :-
    member(Name/Arity, [players/1, current_player/2, valid_moves/2, move/3,
                        game_over/2, value/3]),
    (   Name/Arity == value/3
    ->  current_predicate(Raw:value/3)
    ;   true
    ),
    functor(Head, Name, Arity).

define(Module, Clauses) :-
    forall(member(Clause, Clauses), assertz(Module:Clause)),
    findall(Module:Name/Arity,
            ( member(C, Clauses),
              clause_head_pi(C, Name/Arity)
            ),
            PIs0),
    sort(PIs0, PIs),
    compile_predicates(PIs),
    forall(member(M:PI, PIs), M:export(PI)).

clause_head_pi((Head :- _), PI) :-
    !,
    functor(Head, N, A),
    PI = N/A.
clause_head_pi(Head, N/A) :-
    functor(Head, N, A).

:- public own_state/3.

%   own_state(+Code, +Wrapped, -State): the game's own state in a state
%   of the raw view, its facts put back when the game keeps facts.

own_state(Code, Wrapped, State) :-
    (   arena_gamefile_facts:facts_kept(Code)
    ->  facts_enter(Code, Wrapped, State)
    ;   State = Wrapped
    ).

%   raw_clause(+Code, +Raw, +Title, -Clause) is nondet.

raw_clause(Code, _, Title, Clause) :-
    (   provides(Code, title/1)
    ->  own(Code, title(T), G),
        Clause = (title(T) :- G)
    ;   Clause = title(Title)
    ).
raw_clause(Code, _, _, (players(P) :- G)) :-
    own(Code, players(P), G).
raw_clause(Code, _, _, Clause) :-
    (   provides(Code, option/3)
    ->  own(Code, option(N, D, H), G),
        Clause = (option(N, D, H) :- G)
    ;   Clause = (option(_, _, _) :- fail)
    ).
raw_clause(Code, _, _, Clause) :-
    initial_goal(Code, Config, S, Init),
    (   defines(Code, arena_config/2)
    ->  Clause = (initial_state(Opts, S) :-
                      Code:arena_config(Opts, Config),
                      Init)
    ;   Clause = (initial_state(Config, S) :- Init)
    ).
raw_clause(Code, _, _, (config_state(Config, S) :- G)) :-
    initial_goal(Code, Config, S, G).

raw_clause(Code, _, _, (current_player(S, P) :- G)) :-
    own(Code, current_player(S, P), G).
raw_clause(Code, _, _, Clause) :-
    (   provides(Code, valid_moves/2)
    ->  own(Code, valid_moves(S, Ms), G),
        Clause = (valid_moves(S, Ms) :- G)
    ;   own(Code, current_player(S, P), CP),
        own(Code, valid_moves(S, P, Ms), G),
        Clause = (valid_moves(S, Ms) :- CP, G)
    ).
raw_clause(Code, _, _, (move(S, M, S1) :- G)) :-
    own(Code, move(S, M, S1), G).
raw_clause(Code, _, _, Clause) :-
    own(Code, game_over(S, W0), G),
    (   defines(Code, arena_winner/2)
    ->  Clause = (game_over(S, W) :- G, Code:arena_winner(W0, W))
    ;   W0 = W,
        Clause = (game_over(S, W) :- G)
    ).
raw_clause(Code, _, _, (value(S, P, V) :- G)) :-
    provides(Code, value/3),
    own(Code, value(S, P, V), G).
raw_clause(Code, Raw, _, Clause) :-
    det_view(Raw, Det),
    % the game's own level sees the game's state S0
    State = arena_gamefile_view:own_state(Code, S, S0),
    (   provides(Code, choose_move/3)
    ->  own(Code, choose_move(S0, L1, M), G),
        Own = (State, G)
    ;   provides(Code, choose_move/4)
    ->  own(Code, current_player(S0, P), CP),
        own(Code, choose_move(S0, P, L1, M), G),
        Own = (State, CP, G)
    ;   Own = fail
    ),
    (   defines(Code, arena_level/2)
    ->  Level = (Code:arena_level(L, L1) -> true ; L1 = L)
    ;   Level = (L1 = L)
    ),
    % the game's own levels; the generic AI for a level it does not have
    % a negative level -N: the general AI at level N (player spec mcts:N)
    (   Own == fail
    ->  Clause = (choose_move(S, L, M) :-
                      (   L < 0
                      ->  N is -L,
                          arena_gamefile_view:capped_generic_move(Det, S, N, M)
                      ;   arena_gamefile_view:capped_generic_move(Det, S, L, M)
                      ))
    ;   Clause = (choose_move(S, L, M) :-
                      (   L < 0
                      ->  N is -L,
                          arena_gamefile_view:capped_generic_move(Det, S, N, M)
                      ;   arena_gamefile_view:own_move(Det, S, L, M, (Level, Own), M)
                      ))
    ).
raw_clause(Code, _, _, Clause) :-
    (   provides(Code, display_game/1)
    ->  own(Code, display_game(S), G)
    ;   provides(Code, display_game/2)
    ->  own(Code, current_player(S, P), CP),
        own(Code, display_game(S, P), G0),
        G = (CP, G0)
    ;   G = arena_gamefile_view:generic_display(S)
    ),
    Clause = (display_game(S) :- G).
raw_clause(Code, _, _, Clause) :-
    (   provides(Code, move_text/2)
    ->  own(Code, move_text(M, T), G),
        Clause = (move_text(M, T) :- G)
    ;   Clause = (move_text(M, T) :- arena_gamefile_view:default_move_text(M, T))
    ).
raw_clause(Code, _, _, Clause) :-
    member(Name/Arity, [move_description/3, illegal_move_reason/3,
                        outcome_reason/2, rules/1]),
    provides(Code, Name/Arity),
    functor(Head, Name, Arity),
    own(Code, Head, G),
    Clause = (Head :- G).

%!  default_move_text(?Move, ?Text) is semidet.
%
%   The move written with ~q; text read back as a ground term.

:- public default_move_text/2, generic_display/1, capped_generic_move/4, own_move/6.

%!  with_move_time(+Seconds, :Goal, -Note) is semidet.
%
%   Goal (a choose_move) with the move time Seconds (0: none) known to
%   the levels it runs: the general AI searches until general_seconds/3,
%   a game's own level is cut at own_seconds/1. Note says where a level
%   overran or threw and a random valid move was played instead ('' when
%   none).

with_move_time(Seconds, Goal, Note) :-
    must_be(number, Seconds),
    (   Seconds >= 0
    ->  true
    ;   domain_error(move_time, Seconds)
    ),
    setup_call_cleanup(( nb_setval(arena_move_time, Seconds),
                         nb_setval(arena_choose_note, '')
                       ),
                       once(Goal),
                       nb_setval(arena_move_time, 0)),
    nb_getval(arena_choose_note, Note).

move_time(Seconds) :-
    (   nb_current(arena_move_time, Seconds0),
        number(Seconds0)
    ->  Seconds = Seconds0
    ;   Seconds = 0
    ).

%!  general_seconds(+Level, -Soft, -Hard) is det.
%
%   The general AI's time at Level: its search's deadline Soft, and the
%   wall clock Hard after which a random valid move is played (it checks
%   its clock between rule calls only, and one call may take long).
%   Without a move time: the level's time and max(0.8, 1.25 x that);
%   with a move time T, at most 0.7 T and 0.9 T (the search ends by
%   keeping its tree for the next move, one copy that no clock stops; the
%   rest is the host's round trip).

general_seconds(Level, Soft, Hard) :-
    generic_ai:level_seconds(Level, Level0),
    Hard0 is max(0.8, 1.25 * Level0),
    move_time(T),
    (   T > 0
    ->  Soft is min(Level0, 0.7 * T),
        Hard is min(Hard0, 0.9 * T)
    ;   Soft = Level0,
        Hard = Hard0
    ).

%!  own_seconds(-Seconds) is det.
%
%   The wall clock a game's own level may take: 0.9 x the move time, 0.9 s
%   without one.

own_seconds(Seconds) :-
    move_time(T),
    (   T > 0
    ->  Seconds is 0.9 * T
    ;   Seconds = 0.9
    ).

%!  own_move(+Det, +State, +Level, -Move, :Own, ?OwnMove) is semidet.
%
%   The game's own level (Own binds OwnMove), given own_seconds/1 of wall
%   clock: a level that reads a human's move from the empty input in a
%   loop, sleeps or searches too long gives way to a random valid move,
%   and the note says so. The general AI plays a level the game does not
%   have (Own fails).

own_move(Det, S, L, M, Own, M) :-
    own_seconds(Cap),
    catch(call_with_time_limit(Cap, (Own -> Got = own ; Got = none)),
          Error,
          ( search_error(Error), Got = late(Error) )),
    (   Got == own
    ->  true
    ;   Got = late(Error)
    ->  Det:valid_moves(S, Moves),
        random_member(M, Moves),
        overrun_note(Error, "the game's own choose_move", L, Cap)
    ;   capped_generic_move(Det, S, L, M)
    ).

%!  capped_generic_move(+Det, +State, +Level, -Move) is semidet.
%
%   The general AI's move, within general_seconds/3's Hard of wall clock
%   even where one call of a rule takes long; past that, a random valid
%   move.

capped_generic_move(Det, S, L, M) :-
    Det:valid_moves(S, Moves),
    Moves = [_|_],
    (   integer(L), L > 1
    ->  general_seconds(L, Soft, Cap),
        catch(call_with_time_limit(Cap, generic_ai:generic_move(Det, S, L, [max_seconds(Soft)],
                                                                M0)),
              Error,
              ( search_error(Error),
                random_member(M0, Moves),
                overrun_note(Error, "the general AI", L, Cap)
              ))
    ->  M = M0
    ;   random_member(M, Moves)
    ).

%   overrun_note(+Error, +Who, +Level, +Cap): the note of a level that
%   met its clock (or threw) and was replaced by a random valid move.
overrun_note(Error, Who, Level, Cap) :-
    (   Error == time_limit_exceeded
    ->  format(atom(Note), "~w at level ~w took over its ~2f s: a random \c
                           valid move instead", [Who, Level, Cap])
    ;   format(atom(Note), "~w at level ~w threw ~q: a random valid move instead",
               [Who, Level, Error])
    ),
    nb_setval(arena_choose_note, Note).

%   search_error(+Error): the general AI's search met the clock or a rule
%   that throws something other than an error term (throw(oops)) deep
%   in the search: the move is chosen at random. Interrupts go on.
search_error(Error) :-
    \+ memberchk(Error, [arena_interrupted, '$aborted']),
    \+ Error = error(game_rule(_), _).

default_move_text(Move, Text) :-
    (   nonvar(Move)
    ->  format(atom(Text), "~q", [Move])
    ;   atom(Text)
    ->  catch(term_to_atom(Move, Text), _, fail),
        ground(Move)
    ;   instantiation_error(Text)
    ).

generic_display(State) :-
    print_term(State, [right_margin(78), output(current_output)]),
    nl.

%   game_clause(+Code, +Raw, +Game, -Clause) is nondet.
%
%   The game module: each predicate of the raw view through a guard.

game_clause(_, Raw, Game, Clause) :-
    Raw:module_property(Raw, exports(PIs)),
    member(Name/Arity, PIs),
    Name/Arity \== config_state/2,
    functor(Head, Name, Arity),
    Clause = (Head :- arena_gamefile_view:guarded(Game, Raw, Name/Arity, Head)).
game_clause(_, Raw, Game,
            (config_state(C, S) :-
                 arena_gamefile_view:guarded(Game, Raw, initial_state/2, config_state(C, S)))).

:- public guarded/4.

%   guarded(+Game, +Raw, +PI, +Head) is semidet.
%
%   Head called in Raw under the limits of a rule, its answer checked.

guarded(Game, Raw, choose_move/3, Head) :-
    !,
    arena_gamefile:limited_call(Game, choose_move/3, 60, 2_000_000_000, Raw:Head),
    arg(3, Head, Move),
    ground_answer(Game, choose_move/3, Move).
guarded(Game, Raw, display_game/1, Head) :-
    !,
    % a display that fails (it needs facts a menu asserts) gives the state
    (   catch(call_with_time_limit(5, with_output_to(string(Out), Raw:Head)),
              Error, display_error(Game, Error))
    ->  write(Out)
    ;   Head = display_game(S0),
        (   S0 = '$arena_facts'(S, _)   % the game's own state, its facts not shown
        ->  true
        ;   S = S0
        ),
        format("(display_game failed; the state:)~n"),
        generic_display(S)
    ).
guarded(Game, Raw, option/3, option(N, D, H)) :-
    !,
    arena_gamefile:rule_call(Game, option/3,
                             findall(N0-D0-H0, Raw:option(N0, D0, H0), Options)),
    ground_answer(Game, option/3, Options),
    member(N-D-H, Options).
guarded(Game, Raw, move/3, move(S, M, S1)) :-
    !,
    arena_gamefile:rule_call(Game, move/3,
                             ( Raw:valid_moves(S, Ms),
                               ground(M),
                               memberchk(M, Ms),
                               Raw:move(S, M, S2)
                             )),
    ground_answer(Game, move/3, S2),
    S1 = S2.
guarded(Game, Raw, move_text/2, move_text(M, T)) :-
    !,
    (   nonvar(M)
    ->  arena_gamefile:rule_call(Game, move_text/2, Raw:move_text(M, T0)),
        text_atom(Game, T0, T)
    ;   arena_gamefile:rule_call(Game, move_text/2, Raw:move_text(M0, T)),
        ground(M0),
        M = M0
    ).
guarded(Game, Raw, PI, Head) :-
    functor(Head, _, Arity),
    arg(Arity, Head, Out),
    copy_term(Head, Head0),
    arena_gamefile:rule_call(Game, PI, Raw:Head0),
    arg(Arity, Head0, Out0),
    ground_answer(Game, PI, Out0),
    Out = Out0,
    Head = Head0.

text_atom(_, T0, T) :-
    atom(T0),
    !,
    T = T0.
text_atom(_, T0, T) :-
    string(T0),
    !,
    atom_string(T, T0).
text_atom(Game, T0, _) :-
    shown(Game, move_text/2, Label, PI),
    format(atom(Message), "~w: ~w gave ~q, not an atom", [Label, PI, T0]),
    throw(error(game_rule(Message), _)).

ground_answer(Game, PI0, Out) :-
    (   \+ acyclic_term(Out)
    ->  shown(Game, PI0, Label, PI),
        format(atom(Message), "~w: ~w gave a cyclic term", [Label, PI]),
        throw(error(game_rule(Message), _))
    ;   ground(Out)
    ->  true
    ;   shown(Game, PI0, Label, PI),
        format(atom(Message),
               "~w: ~w left a non-ground answer: ~q", [Label, PI, Out]),
        throw(error(game_rule(Message), _))
    ).

%   shown(+Game, +PI, -Label, -Shown): the game and predicate as the
%   game's author knows them (no internal module, the adapter's name).
shown(Game, PI, Label, Shown) :-
    arena_gamefile:game_label(Game, Label),
    arena_gamefile:shown_pi(Game, PI, Shown).

display_error(_, arena_interrupted) :-
    !,
    throw(arena_interrupted).
display_error(Game, time_limit_exceeded) :-
    !,
    shown(Game, display_game/1, Label, PI),
    format(atom(Message), "~w: ~w did not finish within 5 s (a loop?)", [Label, PI]),
    throw(error(game_rule(Message), _)).
display_error(Game, Error) :-
    shown(Game, display_game/1, Label, PI),
    format(atom(Message), "~w: ~w threw ~q", [Label, PI, Error]),
    throw(error(game_rule(Message), _)).

%   initial_goal(+Code, ?Config, ?State, -Goal): initial_state/2 (or the
%   adapter's), else the 2021/22 initial_state/1, which takes no config.
initial_goal(Code, Config, S, Goal) :-
    (   \+ provides(Code, initial_state/2),
        defines(Code, initial_state/1)
    ->  Goal = Code:initial_state(S)
    ;   own(Code, initial_state(Config, S), Goal)
    ).
