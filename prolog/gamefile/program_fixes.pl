:- module(arena_gamefile_program_fixes,
          [ library_shims/3,          % +Program0, +Dialect, -Program
            sicstus_arithmetic/2,     % +Program0, -Program
            asserted_dynamic/2,       % +Program0, -Program
            load_order/2,             % +Program0, -Program
            program_defines/2,        % +Program, ?Head
            shim_name/1,              % +PI
            sicstus_permutation/2,    % ?List, ?Perm
            jailed/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random), []).
:- use_module(do_loops, [control_args/3]).
:- use_module(library(prolog_format), [format_types/2]).

/** <module> What the loader adds to a game's program before compiling it

prolog/gamefile/load.pl reads a game file into a program (a list of
terms), then adds SICStus' ways where a library's differ (library
shims, a random/3 that fails for an empty range) and the dynamic
declarations a program that asserts its facts by name leaves out.
*/

%   library_shims(+Program0, +Dialect, -Program): Program0 with setrand/1 taking
%   SICStus' integer seed, nth0/4 and nth1/4 as SICStus has them (prolog/sicstus_lib.pl: they fail below the
%   first index, where SWI-Prolog's raise an error) and, in the jail,
%   random picks a run of the game's own loop can drive
%   (prolog/gamefile/loop_drive.pl), each unless the program defines it
%   or imports it by name: a local definition over a library's weak
%   import. A draw so shimmed over bounds written in the clause is
%   marked as such (written_draw/2).
library_shims(Program0, Dialect, Program) :-
    findall(Clause,
            ( shim(Dialect, Clause),
              Clause = (Head :- _),
              \+ program_defines(Program0, Head),
              functor(Head, Name, Arity),
              \+ ( member((:- use_module(_, PIs)), Program0),
                   is_list(PIs),
                   memberchk(Name/Arity, PIs) ) ),
            Shims),
    findall(N/A, ( member((H :- _), Shims), functor(H, N, A) ), Shimmed),
    maplist(drawn_clause(Shimmed), Program0, Program1),
    append(Program1, Shims, Program).

drawn_clause(Shimmed, T0, T) :-
    (   nonvar(T0), T0 = (H :- B0)
    ->  drawn_body(Shimmed, B0, B), T = (H :- B)
    ;   T = T0
    ).

drawn_body(_, G, G) :- var(G), !.
drawn_body(Shimmed, G0, G) :-
    (   written_draw(G0, G1),
        functor(G0, N, A), memberchk(N/A, Shimmed)
    ->  G = G1
    ;   control_args(G0, Args, News-G)
    ->  maplist(drawn_body(Shimmed), Args, News)
    ;   G = G0
    ).

%   shim(+Dialect, -Clause): under SICStus, random/3 fails for an empty
%   range (Lower >= Upper: the last of a list of one, random(0, 0, X)),
%   where SWI-Prolog's raises an error; a game's loop that retries then
%   goes on as it does under SICStus.
shim(sicstus4, (random(Lo, Hi, _) :- number(Lo), number(Hi), Lo >= Hi, !, fail)) :-
    jailed.
shim(sicstus4, (random_permutation(L, P) :-
                   arena_gamefile_program_fixes:sicstus_permutation(L, P))) :-
    jailed.
shim(_, Clause) :-
    shim(Clause).

%   sicstus_permutation(?List, ?Perm): random_permutation/2 as SICStus
%   runs it: a list whose tail is unbound ends there (a list built by a
%   recursion that leaves it open, [w, w|_]), where SWI-Prolog's raises
%   an instantiation error.
sicstus_permutation(List, Perm) :-
    (   '$skip_list'(_, List, Tail), var(Tail), \+ is_list(Perm)
    ->  Tail = []
    ;   true
    ),
    random:random_permutation(List, Perm).

shim((setrand(Seed) :- arena_sicstus_lib:setrand(Seed))).
shim((getrand(State) :- arena_sicstus_lib:getrand(State))).
shim((nth0(N, L, E, R) :- arena_sicstus_lib:nth0(N, L, E, R))).
shim((nth1(N, L, E, R) :- arena_sicstus_lib:nth1(N, L, E, R))).
shim((random_member(X, L) :- arena_loop_drive:loop_choice(member, L, X))) :- jailed.
shim((random_select(X, L, R) :- arena_loop_drive:loop_choice(select(R), L, X))) :- jailed.
shim((random(Lo, Hi, X) :- arena_loop_drive:loop_choice(range(Lo, Hi), [], X))) :- jailed.
shim((random_between(Lo, Hi, X) :- arena_loop_drive:loop_choice(between(Lo, Hi), [], X))) :-
    jailed.
shim((random(X) :- arena_loop_drive:loop_choice(float, [], X))) :- jailed.

%   sicstus_arithmetic(+Program0, -Program): Program0 with SICStus'
%   arithmetic functions that SWI-Prolog lacks written as it has them:
%   log(Base, X) as log(X)/log(Base), exp(X, Y) (X to the power Y) as
%   float(X ** Y), in the expressions of is/2 and the
%   comparisons, within control constructs and findall/3 and the like.
sicstus_arithmetic(Program0, Program) :-
    (   program_defines(Program0, ansi_format(_, _, _)) -> Own = true ; Own = false ),
    setup_call_cleanup(
        b_setval(arena_own_ansi_format, Own),
        maplist(arith_clause, Program0, Program),
        b_setval(arena_own_ansi_format, false)).

arith_clause(T0, T) :-
    (   nonvar(T0), T0 = (H :- B0)
    ->  arith_body(B0, B), T = (H :- B)
    ;   T = T0
    ).

arith_body(G, G) :- var(G), !.
arith_body(G0, G) :-
    (   star_format(G0, F, Args0, Args1, G1)
    ->  G = ( arena_sicstus_lib:star_format_args(F, Args0, Args1), G1 )
    ;   written_file(G0, G1)
    ->  G = G1
    ;   extra_args(G0, G1)
    ->  G = G1
    ;   G0 = length(L, N)               % a term that is no list: SICStus' fails
    ->  G = arena_sicstus_lib:sicstus_length(L, N)
    ;   compound(G0),
        compound_name_arity(G0, F, 2),
        memberchk(F, [is, =:=, =\=, <, >, =<, >=])
    ->  G0 =.. [F|As0],
        maplist(arith_expr, As0, As),
        G1 =.. [F|As],
        (   F == is -> As = [_, E], Exprs = [E] ; Exprs = As )   % not what `is` binds
    ->  (   member(X, Exprs), sub_term(A, X), atom(A), A \== [],
            \+ current_arithmetic_function(A)
        ->  G = arena_sicstus_lib:arith_late(G1)    % `diagonal >= 4`: an error
        ;   G = G1                      % when it runs, as in SICStus, not at load
        )
    ;   G0 = (A0 = B0),                 % `Aux = integer(N*exp(10, L))`, then
        ( exp_inside(A0) ; exp_inside(B0) )     % `X is Aux + R`
    ->  arith_expr(A0, A), arith_expr(B0, B), G = (A = B)
    ;   control_args(G0, Args, News-G)
    ->  maplist(arith_body, Args, News)
    ;   compound(G0)                    % a goal passed to the game's own
    ->  G0 =.. [P|As0],                 % predicate: `box((format(...), ...))`
        maplist(goal_term, As0, As),
        G =.. [P|As]
    ;   G = G0
    ).

%   goal_term(+T0, -T): T0, an argument of a call, with the format calls
%   of it or of its conjunctions mended where their format is written
%   in the clause (extra_args/2), the same call with other arguments.
goal_term(T0, T) :-
    (   compound(T0), T0 = (A0, B0)
    ->  goal_term(A0, A), goal_term(B0, B), T = (A, B)
    ;   compound(T0), extra_args(T0, T), T \= (_, _)
    ->  true
    ;   T = T0
    ).

%   star_format(+Goal, -Format, -Args0, -Args1, -Goal1): a format/2,3 call
%   whose argument list names an arithmetic expression (`format('~*c',
%   [N*2, 0' ])`): SICStus evaluates the argument a `*` column takes,
%   SWI-Prolog raises a format error; Goal1 the call with Args1.
star_format(format(F, Args0), F, Args0, Args1, format(F, Args1)) :-
    star_candidate(F, Args0).
star_format(format(S, F, Args0), F, Args0, Args1, format(S, F, Args1)) :-
    star_candidate(F, Args0).

star_candidate(F, Args) :-
    arena_sicstus_lib:format_codes(F, Codes),
    append(_, [0'~, 0'*|_], Codes),
    is_list(Args),
    member(A, Args),
    compound(A), \+ is_list(A),
    functor(A, Op, Ar),
    memberchk(Op/Ar, [(+)/2, (-)/2, (*)/2, (/)/2, (//)/2, mod/2, rem/2, (-)/1,
                      max/2, min/2, abs/1, integer/1, truncate/1, round/1]),
    !.

%   extra_args(+Goal, -Goal1): format/2,3 or ansi_format/3 as
%   SWI-Prolog 8 ran it, where 9 raises an error: more arguments than
%   the format takes (`ansi_format([bold], 'Hello', [world])`: before
%   8.1.21 the rest were left unused) or a number for the format's text
%   (`ansi_format(bold, 1, [])`). A format written in the clause is
%   mended now; one the clause computes, as it runs
%   (arena_sicstus_lib:format_older/4).
extra_args(format(F0, As0), G) :- older(F0, As0, F, As, format(F, As), G).
extra_args(format(S, F0, As0), G) :- older(F0, As0, F, As, format(S, F, As), G).
extra_args(ansi_format(C, F0, As0), G) :-         % not the game's own
    \+ nb_current(arena_own_ansi_format, true),
    older(F0, As0, F, As, ansi_format(C, F, As), G).

older(F0, As0, F, As, G1, G) :-
    nonvar(As0),
    (   is_list(As0) -> L0 = As0 ; L0 = [As0] ),
    (   var(F0)
    ->  G = ( arena_sicstus_lib:format_older(F0, L0, F, As), G1 )
    ;   ground(F0),
        (   number(F0) -> format(atom(F), "~w", [F0]) ; F = F0 ),
        arena_sicstus_lib:format_codes(F, Codes),
        catch(format_types(Codes, Types), _, fail),
        length(Types, N),
        length(L0, N0),
        (   N0 > N -> length(As, N), append(As, _, L0) ; As = L0 ),
        ( N0 > N ; F \== F0 ),
        G = G1
    ).

%   written_file(+Goal, -Goal1): open/3,4, where a file the jail cannot
%   open (a game's log on the student's desktop, read back) is kept in
%   memory (prolog/sicstus_lib.pl) and the game plays on.
written_file(open(F, M, S), arena_sicstus_lib:game_open(F, M, S, [])).
written_file(open(F, M, S, O), arena_sicstus_lib:game_open(F, M, S, O)).

%   written_draw(+Goal, -Goal1): random/3 or random_between/3, where
%   the loader shims them (library_shims/3), over bounds written in the
%   clause (`random(0, 100, Score)`): a score or a chance, a pick among
%   moves only over at most 64 numbers (prolog/gamefile/loop_drive.pl),
%   where a bound the game computes (`random(0, Length, I)`) may span up
%   to 1024.
written_draw(random(Lo, Hi, X), arena_loop_drive:loop_choice(written(range(Lo, Hi)), [], X)) :-
    integer(Lo), integer(Hi).
written_draw(random_between(Lo, Hi, X),
             arena_loop_drive:loop_choice(written(between(Lo, Hi)), [], X)) :-
    integer(Lo), integer(Hi).

%   exp_inside(+Term): exp(X, Y) as an argument of an arithmetic
%   function in Term, an expression built to be evaluated later.
exp_inside(T) :-
    compound(T),
    sub_term(S, T), compound(S),
    compound_name_arity(S, F, N),
    memberchk(F/N, [(*)/2, (+)/2, (-)/2, (/)/2, (**)/2, (^)/2, integer/1, float/1,
                    round/1, truncate/1]),
    arg(_, S, A), compound(A), A = exp(_, _),
    !.

arith_expr(E, E) :- \+ compound(E), !.
arith_expr(log(B0, X0), log(X)/log(B)) :- !, arith_expr(B0, B), arith_expr(X0, X).
arith_expr(exp(X0, Y0), float(X ** Y)) :- !, arith_expr(X0, X), arith_expr(Y0, Y).
arith_expr(E0, E) :-
    E0 =.. [F|As0],
    maplist(arith_expr, As0, As),
    E =.. [F|As].

%   load_order(+Program0, -Program): Program0 without the directives
%   that abolish a predicate, or retract its clauses, before the program
%   has any clause of it and ahead of its clauses (`:- abolish(evaluate/2).`
%   to clean before a reload): SICStus runs a directive as it reads it,
%   the arena once the file is loaded (prolog/gamefile/read.pl), where it
%   would wipe the clauses that follow it.
load_order(Program0, Program) :-
    load_order(Program0, [], Program).

load_order([], _, []).
load_order([T0|Ts], Before, [T|Rest]) :-
    (   nonvar(T0), T0 = (:- initialization(G0)), nonvar(G0)
    ->  wipe_free(G0, Before, Ts, G),
        T = (:- initialization(G)),
        Before1 = Before
    ;   T = T0,
        (   clause_pi(T0, PI) -> Before1 = [PI|Before] ; Before1 = Before )
    ),
    load_order(Ts, Before1, Rest).

wipe_free(G0, Before, After, G) :-
    (   G0 = (A0, B0)
    ->  wipe_free(A0, Before, After, A),
        wipe_free(B0, Before, After, B),
        G = (A, B)
    ;   wiped_pi(G0, PI),
        \+ memberchk(PI, Before),
        \+ \+ ( member(T, After), clause_pi(T, PI) )
    ->  G = true
    ;   G = G0
    ).

wiped_pi(abolish(PI), Name/Arity) :-
    nonvar(PI), PI = Name/Arity, atom(Name), integer(Arity).
wiped_pi(abolish(Name, Arity), Name/Arity) :-
    atom(Name), integer(Arity).
wiped_pi(retractall(Head), Name/Arity) :-
    callable(Head), \+ Head = _:_, functor(Head, Name, Arity).

clause_pi(T, Name/Arity) :-
    nonvar(T),
    (   T = (H :- _) -> true ; H = T ),
    callable(H), \+ H = (:- _), \+ H = _:_,
    functor(H, Name, Arity).

%   asserted_dynamic(+Program0, -Program): Program0 with a dynamic/1
%   declaration first for each predicate it asserts or retracts by name
%   (`assertz(human(1))`, `retractall(human(_))`) but neither defines nor
%   declares. Its game loop runs the retractall that makes it exist, as
%   SICStus does, before the rules ask it (`human(P)`); called by the
%   arena without that loop, it then fails, as it fails after it, rather
%   than throw an existence error.
asserted_dynamic(Program0, Program) :-
    findall(Name/Arity,
            ( member(Term, Program0),
              Term = (_ :- Body),
              sub_term(Goal, Body),
              compound(Goal),
              Goal =.. [Change, Fact0|_],
              memberchk(Change, [assert, asserta, assertz, retract, retractall]),
              nonvar(Fact0),
              (   Fact0 = (Fact :- _) -> true ; Fact = Fact0 ),
              callable(Fact),
              \+ Fact = _:_,
              functor(Fact, Name, Arity) ),
            PIs0),
    sort(PIs0, PIs1),
    exclude(defined_or_declared(Program0), PIs1, PIs),
    (   PIs == []
    ->  Program = Program0
    ;   Program = [(:- dynamic(PIs))|Program0]
    ).

defined_or_declared(Program, Name/Arity) :-
    functor(Head, Name, Arity),
    (   program_defines(Program, Head)
    ->  true
    ;   predicate_property(system:Head, defined)
    ->  true                            % not the student's to declare
    ;   Arity2 is Arity - 2,
        member((:- Directive), Program),
        sub_term(Decl, Directive),
        (   Decl == Name/Arity
        ;   Decl == Name//Arity2
        ),
        !
    ).

program_defines(Program, Head) :-
    member(Term, Program),
    (   Term = (H :- _) -> true ; H = Term ),
    callable(H),
    \+ H = (:- _),
    \+ \+ H = Head,
    !.

%   shim_name(+PI): PI is one of library_shims/3's.
shim_name(PI) :-
    clause(shim((Head :- _)), _),
    functor(Head, Name, Arity),
    PI == Name/Arity,
    !.

%!  jailed is semidet.
%
%   The game host runs in a jail (prolog/gamehost.pl sets the flag
%   arena_game_jail): the game may use what Prolog offers, and
%   library(sandbox) is not asked to prove its rules safe.

jailed :-
    current_prolog_flag(arena_game_jail, true).
