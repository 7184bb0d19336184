:- module(arena_gamefile_view,
          [ view_predicate/2,         % +Code, ?PI
            view_has/2,               % +Code, +PI
            own_pi/3,                 % +Code, +PI, -OwnPI
            make_views/5,             % +Code, +Raw, +Game, +Title, +Facts
            det_view/2                % ?Raw, ?Det
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../contract', [contract/3, defines/2]).
:- use_module(facts).
:- use_module(checked).

/** <module> The contract over a game file's own predicates

make_views/5 builds two modules over the code module of a game file:
the raw view, which maps the course's variants and the documented
defaults onto the contract (prolog/contract.pl), and the game, which calls
the raw view under limits (arena_gamefile:rule_call/3) and checks what
comes back (prolog/gamefile/checked.pl). A level the game does not have,
and its own levels, run under the move time (prolog/gamefile/move_time.pl).
Variants and defaults:

| contract                    | taken from, in order                                     |
|-----------------------------|----------------------------------------------------------|
| title/1                     | title/1; the file's name                                 |
| option/3                    | option/3; none                                           |
| initial_state(+Opts, -S)    | arena_config(Opts, Config) then initial_state(Config, S); initial_state/2; initial_state/1 (2021/22) |
| valid_moves(+S, -Ms)        | valid_moves/2; valid_moves(S, Player, Ms)               |
| game_over(+S, -W)           | game_over/2 where it binds its winner, mapped by arena_winner/2 (its first answer) if defined |
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
assert); arena_without(PI) (value/3, choose_move/3 or /4, display_game/1 or /2,
option/3) says the
game's own PI means something else, and the arena does as if it had
none.
*/

%!  view_predicate(+Code, ?PI) is nondet.
%
%   PI is a predicate of the contract, a variant or an adapter hook that
%   Code defines.

view_predicate(Code, PI) :-
    known(PI),
    provides(Code, PI).

%   known(?PI): a predicate of the contract a game file may define, a
%   course variant or an adapter hook.
known(PI) :-
    contract(PI, Need, _),
    Need \== built_in.
known(PI) :-
    member(PI, [ valid_moves/3, choose_move/4, display_game/2, initial_state/1, initial/1,
                 arena_config/2, arena_winner/2, arena_level/2, arena_setup/1,
                 arena_without/1
               ]).

%   provides(+Code, +PI): Code defines PI or the adapter's arena_Name
%   of the same arity.
provides(Code, Name/Arity) :-
    \+ without(Code, Name/Arity),
    (   adapter_name(Name, Own),
        defines(Code, Own/Arity)
    ->  true
    ;   defines(Code, Name/Arity)
    ).

%   without(+Code, +PI): the adapter says arena_without(PI): the game's
%   own PI (an optional one) means something else, and the arena does
%   as if the game had none.
without(Code, PI) :-
    memberchk(PI, [value/3, choose_move/3, choose_move/4, display_game/1, display_game/2,
                   option/3]),
    defines(Code, arena_without/1),
    catch(Code:arena_without(PI), _, fail),
    !.

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

%   det_view(?Raw, ?Det): the module the general AI searches, the raw
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
raw_clause(Code, _, _, Clause) :-            % a winner left unbound: not over
    own(Code, game_over(S, W0), G),
    (   defines(Code, arena_winner/2)
    ->  Clause = (game_over(S, W) :- G, nonvar(W0), once(Code:arena_winner(W0, W)))
    ;   Clause = (game_over(S, W) :- G, nonvar(W0), W = W0)
    ).
raw_clause(Code, _, _, (value(S, P, V) :- G)) :-
    provides(Code, value/3),
    own(Code, value(S, P, V), G).
raw_clause(Code, Raw, _, Clause) :-
    det_view(Raw, Det),
    % the game's own level sees the game's state S0
    State = arena_gamefile_view:own_state(Code, S, S0),
    (   provides(Code, choose_move/3)
    ->  own(Code, choose_move(S0, L1, OwnM), G),
        Own = (State, G)
    ;   provides(Code, choose_move/4)
    ->  own(Code, current_player(S0, P), CP),
        own(Code, choose_move(S0, P, L1, OwnM), G),
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
                          arena_gamefile_move_time:capped_generic_move(Det, S, N, M)
                      ;   arena_gamefile_move_time:capped_generic_move(Det, S, L, M)
                      ))
    ;   Clause = (choose_move(S, L, M) :-
                      (   L < 0
                      ->  N is -L,
                          arena_gamefile_move_time:capped_generic_move(Det, S, N, M)
                      ;   arena_gamefile_move_time:own_move(Det, S, L, M, (Level, Own), OwnM)
                      ))
    ).
raw_clause(Code, _, _, Clause) :-
    (   provides(Code, display_game/1)
    ->  own(Code, display_game(S), G)
    ;   provides(Code, display_game/2)
    ->  own(Code, current_player(S, P), CP),
        own(Code, display_game(S, P), G0),
        G = (CP, G0)
    ;   G = arena_gamefile_checked:generic_display(S)
    ),
    Clause = (display_game(S) :- G).
raw_clause(Code, _, _, Clause) :-
    (   provides(Code, move_text/2)
    ->  own(Code, move_text(M, T), G),
        Clause = (move_text(M, T) :- G)
    ;   Clause = (move_text(M, T) :- arena_gamefile_view:default_move_text(M, T))
    ).
raw_clause(Code, _, _, Clause) :-
    contract(Name/Arity, optional, _),
    provides(Code, Name/Arity),
    functor(Head, Name, Arity),
    own(Code, Head, G),
    Clause = (Head :- G).

%!  default_move_text(?Move, ?Text) is semidet.
%
%   The move written with ~q; text read back as a ground term.

:- public default_move_text/2.

default_move_text(Move, Text) :-
    (   nonvar(Move)
    ->  format(atom(Text), "~q", [Move])
    ;   atom(Text)
    ->  catch(term_to_atom(Move, Text), _, fail),
        ground(Move)
    ;   instantiation_error(Text)
    ).

%   initial_goal(+Code, ?Config, ?State, -Goal): initial_state/2 (or the
%   adapter's), else the 2021/22 initial_state/1, which takes no config.
initial_goal(Code, Config, S, Goal) :-
    (   \+ provides(Code, initial_state/2),
        defines(Code, initial_state/1)
    ->  Goal = Code:initial_state(S)
    ;   own(Code, initial_state(Config, S), Goal)
    ).
