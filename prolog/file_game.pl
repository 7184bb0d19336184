:- module(arena_file_game_proxy, []).   % exports: the contract, below
:- use_module(contract, [contract/3]).
:- use_module(gamefile/load).

/** <module> A game file, as a bot host loads a game

prolog/bots/host.pl loads its game with use_module/2 (or finds it in its
saved state). For a game file it loads this module and calls
arena_file_game_proxy:load_from_environment/0 (not exported: a bot may call what
the game exports), which loads the file named by the environment
variable ARENA_GAME_FILE (dialect ARENA_GAME_DIALECT: auto, swi or
sicstus4) through prolog/gamefile/load.pl, checks and limits included (in
a jail, ARENA_GAME_JAIL=true, as the game host loads it), and exports
and passes on to it the required and standard predicates of the
contract (prolog/contract.pl). value/3 throws an existence error for a
game without one.
*/

:- dynamic loaded_game/1.

load_from_environment :-
    loaded_game(_),
    !.
load_from_environment :-
    getenv('ARENA_GAME_FILE', File),
    (   getenv('ARENA_GAME_DIALECT', Dialect)
    ->  true
    ;   Dialect = auto
    ),
    (   getenv('ARENA_GAME_JAIL', true)
    ->  create_prolog_flag(arena_game_jail, true, [type(boolean), access(read_only)])
    ;   true
    ),
    load_game_file(File, Dialect, arena_file_game, Game, Info),
    (   Info.missing == []
    ->  assertz(loaded_game(Game))
    ;   existence_error(procedure, Info.missing)
    ).

%   pass_on(?PI, -Clause): the loaded game's own PI, for each predicate
%   of the contract a built-in game exports (prolog/contract.pl).
pass_on(Name/Arity, (Head :- loaded_game(G), G:Head)) :-
    contract(Name/Arity, Need, _),
    memberchk(Need, [required, standard]),
    functor(Head, Name, Arity).

:- forall(pass_on(PI, _), export(PI)).

term_expansion(pass_on_contract, Clauses) :-
    findall(Clause, pass_on(_, Clause), Clauses).

pass_on_contract.
