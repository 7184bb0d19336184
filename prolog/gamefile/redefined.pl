:- module(arena_gamefile_redefined,
          [ file_start/2,             % +File, -Marker
            file_end/1,               % -Marker
            module_file/1,            % -Marker
            redefinitions/2           % :Read, -Program
          ]).
:- use_module(library(lists), [member/2]).
:- use_module(library(apply), [partition/4, foldl/4]).
:- use_module(library(assoc)).
:- use_module(library(occurs), [sub_term/2]).

/** <module> A predicate defined again in another file

SWI-Prolog and SICStus load a project file by file: when a file defines
a predicate that another file defined before (and neither declares it
multifile), the earlier clauses are wiped ("Redefined static procedure"),
and the predicate is the later file's. The reader inlines every file
into one program (prolog/gamefile/read.pl), so it marks where each file
begins and ends, and redefinitions/2 drops the clauses a later file
wiped. Files that are modules keep their clauses: each module had its
own predicate, and both are kept, as before.

Within one load of a file, its clauses for a predicate are added after
whatever another file loaded in between defined, as SWI-Prolog does.
*/

file_start(File, '$arena_file'(Tag, File)) :- tag(Tag).
file_end('$arena_file_end'(Tag)) :- tag(Tag).
module_file('$arena_module_file'(Tag)) :- tag(Tag).

%   tag(-Tag): the variable that marks the markers of this read, which no
%   term of a game file can be (a clause `'$arena_file_end'(_).` is its own).
tag(Tag) :-
    b_getval(arena_redefined_tag, Tag).

%!  redefinitions(:Read, -Program) is det.
%
%   Read a goal that reads a program with the markers of file_start/2,
%   file_end/1 and module_file/1 as its last argument; Program that
%   program without them and without the clauses a later file's
%   definition wiped.
:- meta_predicate redefinitions(1, -).
redefinitions(Read, Program) :-
    b_setval(arena_redefined_tag, Tag),
    call(Read, Program0),
    b_setval(arena_redefined_tag, []),
    redefined(Program0, Tag, Program).

redefined(Program0, Tag, Program) :-
    multifile_keys(Program0, Multi),
    numbered(Program0, Tag, 1, [], Multi, [], Modules, Items),
    empty_assoc(E),
    wipe(Items, Modules, E, E, E, Drop),
    kept(Program0, Tag, 1, Drop, Program).

%   numbered(+Program, +Tag, +N, +Stack, +Multi, +Modules0, -Modules, -Items):
%   each clause as c(N, Key, File), File the file being read (Stack: the
%   files being read, innermost first); Modules the files that are
%   modules.
numbered([], _, _, _, _, M, M, []).
numbered([T|Ts], Tag, N, Stack, Multi, M0, M, Items) :-
    N1 is N + 1,
    (   marker(T, Tag, '$arena_file'(_, F))
    ->  Items = Items1, Stack1 = [F|Stack], M1 = M0
    ;   marker(T, Tag, '$arena_file_end'(_))
    ->  Items = Items1, M1 = M0,
        (   Stack = [_|Stack1] -> true ; Stack1 = [] )
    ;   marker(T, Tag, '$arena_module_file'(_))
    ->  Items = Items1, Stack1 = Stack,
        (   Stack = [F|_] -> M1 = [F|M0] ; M1 = M0 )
    ;   Stack = [F|_],
        clause_key(T, Key),
        \+ memberchk(Key, Multi)
    ->  Items = [c(N, Key, F)|Items1], Stack1 = Stack, M1 = M0
    ;   Items = Items1, Stack1 = Stack, M1 = M0
    ),
    numbered(Ts, Tag, N1, Stack1, Multi, M1, M, Items1).

%   wipe(+Items, +Modules, +Seen, +Defs, +Drop0, -Drop): Drop, an assoc
%   of the numbers of the clauses a later file wiped. Seen holds
%   Key-File once File has defined Key; Defs maps Key to the N-File of
%   its clauses kept so far.
wipe([], _, _, _, D, D).
wipe([c(N, Key, F)|Items], Modules, Seen0, Defs0, D0, D) :-
    (   get_assoc(Key, Defs0, Kept0) -> true ; Kept0 = [] ),
    (   get_assoc(Key-F, Seen0, _)
    ->  Seen = Seen0, Kept = Kept0, Wiped = []
    ;   put_assoc(Key-F, Seen0, true, Seen),   % F's first clause of Key
        (   memberchk(F, Modules)
        ->  Kept = Kept0, Wiped = []
        ;   partition(wiped_by(F, Modules), Kept0, Wiped, Kept)
        )
    ),
    foldl(put_wiped, Wiped, D0, D1),
    put_assoc(Key, Defs0, [N-F|Kept], Defs),
    wipe(Items, Modules, Seen, Defs, D1, D).

wiped_by(F, Modules, _-F0) :-
    F0 \== F,
    \+ memberchk(F0, Modules).

put_wiped(N-_, D0, D) :-
    put_assoc(N, D0, true, D).

%   kept(+Program0, +Tag, +N, +Drop, -Program): without markers and
%   wiped clauses.
kept([], _, _, _, []).
kept([T|Ts], Tag, N, Drop, Program) :-
    N1 is N + 1,
    (   (   member(Form, ['$arena_file'(_, _), '$arena_file_end'(_), '$arena_module_file'(_)]),
            marker(T, Tag, Form)
        ;   get_assoc(N, Drop, _)
        )
    ->  Program = Program1
    ;   Program = [T|Program1]
    ),
    kept(Ts, Tag, N1, Drop, Program1).

%   marker(+Term, +Tag, ?Form): Term is a marker of this read, of Form.
marker(Term, Tag, Form) :-
    nonvar(Term),
    Term = Form,
    arg(1, Term, Tag0),
    Tag0 == Tag.

%   clause_key(+Term, -Key): Name/Arity of the predicate a clause defines.
clause_key(T, _) :-
    var(T), !, fail.
clause_key((:- _), _) :- !, fail.
clause_key((?- _), _) :- !, fail.
clause_key((H :- _), Key) :- !, head_key(H, 0, Key).
clause_key((H --> _), Key) :- !,
    (   nonvar(H), H = (H1, _) -> true ; H1 = H ),
    head_key(H1, 2, Key).
clause_key(H, Key) :-
    head_key(H, 0, Key).

head_key(H, Extra, Name/Arity) :-
    callable(H),
    H \= _:_,
    functor(H, Name, A),
    Arity is A + Extra.

%   multifile_keys(+Program, -Keys): the predicates declared multifile.
multifile_keys(Program, Keys) :-
    findall(Key,
            ( member((:- D), Program),
              sub_term(M, D), nonvar(M), M = multifile(Specs),
              spec_key(Specs, Key) ),
            Keys).

spec_key(Specs, Key) :-
    nonvar(Specs),
    (   Specs = (A, B) -> ( spec_key(A, Key) ; spec_key(B, Key) )
    ;   is_list(Specs) -> member(S, Specs), spec_key(S, Key)
    ;   Specs = Name/Arity, atom(Name), integer(Arity) -> Key = Name/Arity
    ;   Specs = Name//A0, atom(Name), integer(A0) -> Arity is A0 + 2, Key = Name/Arity
    ).
