:- module(arena_sicstus_lib,
          [ (^)/2,                    % ?Var, :Goal
            if/3,                     % :If, :Then, :Else
            some/2,                   % :Pred, ?List
            some/3,                   % :Pred, ?List1, ?List2
            some/4,                   % :Pred, ?List1, ?List2, ?List3
            somechk/2,                % :Pred, +List
            somechk/3,                % :Pred, +List1, +List2
            somechk/4,                % :Pred, +List1, +List2, +List3
            transpose/2,              % ?Rows, ?Columns
            remove_dups/2,            % +List, -Set
            rotate_list/2,            % +List, ?Rotated
            rotate_list/3,            % +Amount, +List, ?Rotated
            cumlist/4,                % :Pred, ?Xs, ?V0, ?Vs
            cumlist/5,                % :Pred, ?Xs, ?Ys, ?V0, ?Vs
            cumlist/6,                % :Pred, ?Xs, ?Ys, ?Zs, ?V0, ?Vs
            map_product/4,            % :Pred, +Xs, +Ys, ?Zs
            keys_and_values/3,        % ?Pairs, ?Keys, ?Values
            rev/2,                    % +List, ?Reversed
            nth/3,                    % ?N, ?List, ?Elem
            nth0/4,                   % ?N, ?List, ?Elem, ?Rest
            nth1/4,                   % ?N, ?List, ?Elem, ?Rest
            setrand/1,                % +Seed
            getrand/1,                % -State
            read_line/1,              % -Codes
            now/1,                    % -Seconds
            repeat/1,                 % +N
            read_line/2,              % +Stream, -Codes
            install_sicstus_format/0,
            star_format_args/3,       % +Format, +Args0, -Args
            format_older/4,           % +Format0, +Args0, -Format, -Args
            game_open/4,              % +File, +Mode, -Stream, +Options
            forget_kept_files/0,
            sicstus_length/2,         % ?List, ?Length
            arith_late/1              % +Comparison
          ]).
:- use_module(library(lists), []).
:- use_module(library(apply), []).
:- use_module(library(memfile), []).
:- use_module(library(random), []).      % its getrand/1 and setrand/1, qualified
:- reexport(sicstus_lists).

/** <module> What SICStus 4 offers that SWI-Prolog's emulation lacks

A game file's code module (prolog/gamefile/load.pl) has this module among
its import modules, after its own definitions: a game that defines one
of these names uses its own, a game that only calls it gets this one,
as under SICStus. `X^Goal` called as a goal (SICStus runs Goal; SWI
raises an existence error) is here too, and the format/2 directives
SICStus has and SWI-Prolog lacks (install_sicstus_format/0). Of
SICStus' library(lists) it has every predicate that SWI-Prolog's
library(lists), library(apply) and library(pairs) lack, and none they
have but nth0/4 and nth1/4 (tests/gamefile/sicstus_lib_unit.pl checks both):
those of prolog/sicstus_lists.pl, exported from here too.

This module imports nothing but those: whatever it imported would be visible in
every game's code module while the game compiles, where `swipl FILE`
knows only what the file itself loads (a `[X]>>Goal` passed to an
imported include/3 would be compiled by library(yall), sharing no
variable with its clause, where plain swipl calls it as it is). Its
calls of libraries are qualified.
*/

:- meta_predicate
    ^(?, 0),
    if(0, 0, 0),
    some(1, ?), some(2, ?, ?), some(3, ?, ?, ?),
    somechk(1, +), somechk(2, +, +), somechk(3, +, +, +),
    cumlist(3, ?, ?, ?), cumlist(4, ?, ?, ?, ?), cumlist(5, ?, ?, ?, ?, ?),
    map_product(3, +, +, ?).

%!  ^(?Var, :Goal) is nondet.
%
%   Goal, as SICStus calls X^Goal outside bagof/setof.

^(_, Goal) :-
    call(Goal).

%!  if(:If, :Then, :Else) is nondet.
%
%   SICStus' if/3: Then for each answer of If, Else where it has none.

if(If, Then, Else) :-
    (   call(If)
    *-> call(Then)
    ;   call(Else)
    ).

%!  some(:Pred, ?List) is nondet.
%!  some(:Pred, ?List1, ?List2) is nondet.
%!  some(:Pred, ?List1, ?List2, ?List3) is nondet.
%
%   Pred holds for some element (the elements at some position).

some(P, [X|Xs]) :-
    (   call(P, X)
    ;   some(P, Xs)
    ).
some(P, [X|Xs], [Y|Ys]) :-
    (   call(P, X, Y)
    ;   some(P, Xs, Ys)
    ).
some(P, [X|Xs], [Y|Ys], [Z|Zs]) :-
    (   call(P, X, Y, Z)
    ;   some(P, Xs, Ys, Zs)
    ).

%!  somechk(:Pred, +List) is semidet.
%!  somechk(:Pred, +List1, +List2) is semidet.
%!  somechk(:Pred, +List1, +List2, +List3) is semidet.

somechk(P, L) :-
    some(P, L),
    !.
somechk(P, L1, L2) :-
    some(P, L1, L2),
    !.
somechk(P, L1, L2, L3) :-
    some(P, L1, L2, L3),
    !.

%!  transpose(?Rows, ?Columns) is semidet.
%
%   The matrix (a list of equal-length lists) transposed.

transpose([], []).
transpose([Row|Rows], Columns) :-
    transpose_(Row, [Row|Rows], Columns).

transpose_([], _, []).
transpose_([_|Rest], Rows, [Column|Columns]) :-
    apply:maplist(arena_sicstus_lib:list_first_rest, Rows, Column, Rests),
    transpose_(Rest, Rests, Columns).

list_first_rest([X|Xs], X, Xs).

%!  remove_dups(+List, -Set) is det.
%
%   List sorted, duplicates removed (SICStus: standard order).

remove_dups(List, Set) :-
    sort(List, Set).

%!  rotate_list(+List, ?Rotated) is det.
%!  rotate_list(+Amount, +List, ?Rotated) is det.
%
%   Rotated is List rotated left by one (by Amount, which may be
%   negative).

rotate_list(List, Rotated) :-
    rotate_list(1, List, Rotated).
rotate_list(Amount, List, Rotated) :-
    length(List, N),
    (   N =:= 0
    ->  Rotated = []
    ;   K is Amount mod N,
        length(Front, K),
        lists:append(Front, Back, List),
        lists:append(Back, Front, Rotated)
    ).

%!  cumlist(:Pred, ?Xs, ?V0, ?Vs) is nondet.
%!  cumlist(:Pred, ?Xs, ?Ys, ?V0, ?Vs) is nondet.
%!  cumlist(:Pred, ?Xs, ?Ys, ?Zs, ?V0, ?Vs) is nondet.
%
%   Vs the successive accumulators of Pred over the lists from V0.

cumlist(_, [], _, []).
cumlist(P, [X|Xs], V0, [V|Vs]) :-
    call(P, X, V0, V),
    cumlist(P, Xs, V, Vs).
cumlist(_, [], [], _, []).
cumlist(P, [X|Xs], [Y|Ys], V0, [V|Vs]) :-
    call(P, X, Y, V0, V),
    cumlist(P, Xs, Ys, V, Vs).
cumlist(_, [], [], [], _, []).
cumlist(P, [X|Xs], [Y|Ys], [Z|Zs], V0, [V|Vs]) :-
    call(P, X, Y, Z, V0, V),
    cumlist(P, Xs, Ys, Zs, V, Vs).

%!  map_product(:Pred, +Xs, +Ys, ?Zs) is nondet.
%
%   Zs is Pred applied to every pair of Xs and Ys, Xs major.

map_product(P, Xs, Ys, Zs) :-
    findall(X-Y, ( lists:member(X, Xs), lists:member(Y, Ys) ), Pairs),
    apply:maplist(arena_sicstus_lib:pair_call(P), Pairs, Zs).

pair_call(P, X-Y, Z) :-
    call(P, X, Y, Z).

%!  keys_and_values(?Pairs, ?Keys, ?Values) is det.

keys_and_values([], [], []).
keys_and_values([K-V|Ps], [K|Ks], [V|Vs]) :-
    keys_and_values(Ps, Ks, Vs).

%!  rev(+List, ?Reversed) is det.

rev(List, Reversed) :-
    lists:reverse(List, Reversed).

%!  nth(?N, ?List, ?Elem) is nondet.
%
%   SICStus 3's nth/3: nth1/3.

nth(N, List, Elem) :-
    lists:nth1(N, List, Elem).

%!  nth0(?N, ?List, ?Elem, ?Rest) is nondet.
%!  nth1(?N, ?List, ?Elem, ?Rest) is nondet.
%
%   As SICStus, an index below the first fails where SWI-Prolog raises a
%   type error (nth0/3 and nth1/3 fail there in both).

nth0(N, List, Elem, Rest) :-
    (   integer(N), N < 0
    ->  fail
    ;   lists:nth0(N, List, Elem, Rest)
    ).

nth1(N, List, Elem, Rest) :-
    (   integer(N), N < 1
    ->  fail
    ;   lists:nth1(N, List, Elem, Rest)
    ).

%!  setrand(+Seed) is det.
%
%   SICStus seeds its generator with an integer too (`now(T),
%   setrand(T)`); SWI-Prolog's setrand/1 takes only a state of getrand/1.

setrand(_) :-
    nb_current(arena_loop, Drive),      % a run of the game's own loop keeps its
    Drive = drive(_, _, _, _, _),       % seed: its replays make the same picks
    !.                                  % (prolog/gamefile/loop_drive.pl)
setrand(Seed) :-
    integer(Seed),
    !,
    set_random(seed(Seed)).
setrand(random(X, Y, Z, B)) :-
    integer(X), integer(Y), integer(Z),
    !,
    Seed is ((X * 30307 + Y) * 30323 + Z) * 2 + B mod 2,
    set_random(seed(Seed)).
setrand(State) :-
    random:setrand(State).

%!  getrand(-State) is det.
%
%   SICStus 4's state of its generator: random(X, Y, Z, B), the three
%   seeds of Wichmann and Hill's generator (games take them apart to
%   seed it again: `getrand(random(X, Y, Z, _)), setrand(random(S, X,
%   Y, Z))`), read off SWI-Prolog's state without drawing from it.

getrand(random(X, Y, Z, 0)) :-
    random:getrand(State),
    term_hash(State, H),
    X is H mod 30268 + 1,
    Y is (H // 30268) mod 30306 + 1,
    Z is (H // (30268 * 30306)) mod 30322 + 1.

%!  now(-Seconds) is det.
%
%   SICStus' library(system): the time as whole seconds since the epoch
%   (`now(T), setrand(T)` seeds a game's generator).

now(Seconds) :-
    get_time(T),
    Seconds is integer(floor(T)).

%!  repeat(+N) is nondet.
%
%   SICStus' library(between), which SWI-Prolog's emulation lacks:
%   succeeds N times.

repeat(N) :-
    error:must_be(nonneg, N),
    between(1, N, _).

%!  read_line(-Codes) is det.
%!  read_line(+Stream, -Codes) is det.
%
%   SICStus 4's built-in: the next line of input as its codes, without
%   its end; end_of_file at the end of the input.

read_line(Codes) :-
    current_input(In),
    read_line(In, Codes).

read_line(Stream, Codes) :-
    read_line_to_codes(Stream, Codes).

%!  install_sicstus_format is det.
%
%   The format/2 directives of SICStus 4 that SWI-Prolog lacks, for
%   every format/2,3 call of the process (the arena's own code uses
%   none of them): `~NF` (as `~Nf`: fixed point, N digits, 6 by
%   default) and `~NH`, `~Nh` (a float in as few digits as read back
%   the same; SICStus' N, the zeroes allowed before `e` notation, is not
%   emulated).

install_sicstus_format :-
    format_predicate('F', format_fixed(_, _)),
    format_predicate('H', format_precise(_, _)),
    format_predicate(h, format_precise(_, _)).

:- public format_fixed/2, format_precise/2.

format_fixed(default, X) :-
    !,
    format("~f", [X]).
format_fixed(N, X) :-
    format("~*f", [N, X]).

format_precise(_, X) :-
    (   number(X)
    ->  Y is float(X),
        write(Y)
    ;   format("~f", [X])                % its own error, as ~f gives it
    ).

%!  star_format_args(+Format, +Args0, -Args) is det.
%
%   Args0 with the argument of each `*` column argument of Format
%   evaluated, as SICStus evaluates it (`format('~*c', [N*2, 0' ])`).

star_format_args(Format, Args0, Args) :-
    format_codes(Format, Codes),
    star_args(Codes, Args0, Args),
    !.
star_format_args(_, Args, Args).

%!  format_older(+Format0, +Args0, -Format, -Args) is det.
%
%   A format the game computes, as SWI-Prolog 8 took it: a number's text
%   for a number, no arguments where it holds no `~` (before 8.1.21 they
%   were left unused), else Format0 and Args0.

format_older(Format0, Args0, Format, Args) :-
    (   number(Format0) -> format(atom(Format), "~w", [Format0]) ; Format = Format0 ),
    (   Args0 \== [],
        format_codes(Format, Codes),
        \+ memberchk(0'~, Codes)
    ->  Args = []
    ;   Args = Args0
    ).

%   format_codes(+Format, -Codes): a format as text or as a code list.
:- public format_codes/2.
format_codes(Format, Codes) :-
    (   atomic(Format)
    ->  atom_codes(Format, Codes)
    ;   is_list(Format),
        maplist(integer, Format)
    ->  Codes = Format
    ).

star_args([], Args, Args).
star_args([0'~, 0'*|Cs], [A0|As0], [A|As]) :-
    !,
    (   compound(A0), \+ is_list(A0), catch(A is A0, _, fail) -> true ; A = A0 ),
    star_directive(Cs, As0, As).
star_args([0'~|Cs], As0, As) :-
    !,
    star_directive(Cs, As0, As).
star_args([_|Cs], As0, As) :-
    star_args(Cs, As0, As).

star_directive(Cs0, As0, As) :-
    skip_digits(Cs0, [D|Cs]),
    (   memberchk(D, `nt|+~`)
    ->  star_args(Cs, As0, As)
    ;   As0 = [A|As1]
    ->  As = [A|As2],
        star_args(Cs, As1, As2)
    ;   As = As0
    ).

skip_digits([C|Cs], Rest) :- code_type(C, digit), !, skip_digits(Cs, Rest).
skip_digits([0'`, _|Cs], Cs) :- !.
skip_digits(Cs, Cs).

%!  game_open(+File, +Mode, -Stream, +Options) is det.
%
%   open/4 of a game's code. A file the jail cannot open (its file system
%   is read-only: a log the game keeps on the student's own desktop, and
%   reads back) is kept in memory instead: written there, and read back
%   from there, so the game plays on. forget_kept_files/0 drops them.

game_open(File, Mode, Stream, Options) :-
    catch(open(File, Mode, Stream, Options), E, true),
    (   var(E)
    ->  true
    ;   E = error(Kind, _),
        memberchk(Kind, [existence_error(_, _), permission_error(_, _, _)]),
        kept_open(File, Mode, Stream)
    ->  true
    ;   throw(E)
    ).

:- dynamic kept_file/2.                 % File, MemoryFile

kept_open(File, read, Stream) :-
    !,
    kept_file(File, Memory),
    memory_file:open_memory_file(Memory, read, Stream).
kept_open(File, Mode, Stream) :-
    memberchk(Mode, [write, append, update]),
    (   kept_file(File, Memory)
    ->  true
    ;   memory_file:new_memory_file(Memory),
        assertz(kept_file(File, Memory))
    ),
    memory_file:open_memory_file(Memory, Mode, Stream).

%!  forget_kept_files is det.
%
%   The files game_open/4 kept in memory are gone (a new run of a game's
%   loop starts as the game did).

forget_kept_files :-
    forall(retract(kept_file(_, Memory)),
           catch(memory_file:free_memory_file(Memory), _, true)).

%!  sicstus_length(?List, ?Length) is nondet.
%
%   length/2 as SICStus has it: a List bound to a term that is no list
%   fails (`length(Board-Player, N)` where a game's display_game/1 has a
%   clause for a board and one for a board and a player), where
%   SWI-Prolog's raises a type error.

sicstus_length(List, Length) :-
    catch(length(List, Length), error(type_error(list, _), _), fail).

%!  arith_late(+Comparison) is semidet.
%
%   An arithmetic comparison that names an atom no function is
%   (`diagonal >= 4`), evaluated when it runs: its error is raised then,
%   as SICStus raises it, where SWI-Prolog would refuse the clause at
%   load time (not a meta-predicate: nothing compiles it before).

arith_late(Comparison) :-
    call(Comparison).

