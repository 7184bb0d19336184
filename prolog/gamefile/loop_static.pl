:- module(arena_loop_static,
          [ static_names/3,           % +Games, +Typed, -Names
            static_dropped/2          % +Text0, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

/** <module> Lines a loop writes before every pick

Where no words name the players of a game played through its own loop
(prolog/gamefile/loop_names.pl), a legend or a score written before each
pick may name both ("white points = 17", "black points = 1"): those
lines, the same but for their numbers before at least 90% of the picks,
are left out and the players' names looked for again ("white played
[1,4] to [1,1]").
*/

%!  static_names(+Games, +Typed, -Names) is semidet.
%
%   loop_names:names_as/4 on the texts without their static lines.

static_names(Games, Typed, Names) :-
    static_shapes(Games, Shapes),
    Shapes \== [],
    setup_call_cleanup(
        nb_setval(arena_names_static, Shapes),
        arena_gamefile_loop_names:names_as(Typed, Games, Typed, Names),
        nb_setval(arena_names_static, [])),
    Names \== none.

%   static_shapes(+Games, -Shapes): the shapes (words, each number "#")
%   of the lines written before at least 90% of the picks, of 8 at least.
static_shapes(Games, Shapes) :-
    findall(Set, ( member(_-Marks-Text, Games),
                   reverse(Marks, Ordered),
                   arena_gamefile_loop_names:segment_words(lines, Ordered, 0, Text, 0, _, Lines),
                   maplist(shape, Lines, Shapes0),
                   sort(Shapes0, Set) ), Sets),
    length(Sets, N),
    N >= 8,
    append(Sets, All),
    msort(All, Sorted),
    clumped(Sorted, Counts),
    findall(S, ( member(S-C, Counts), S \== [], C >= 0.9 * N ), Shapes).

shape(Words, Shape) :-
    maplist(number_hash, Words, Shape).

number_hash(W, S) :-
    (   sub_string(W, _, 1, _, C), char_type(C, digit(_)) -> S = "#" ; S = W ).

%!  static_dropped(+Text0, -Text) is det.
%
%   Text0 without the lines whose shape static_names/3 leaves out (all
%   of it where it leaves none out).

static_dropped(Text0, Text) :-
    (   nb_current(arena_names_static, Shapes), Shapes = [_|_]
    ->  split_string(Text0, "\n", "", Lines0),
        exclude(static_line(Shapes), Lines0, Lines),
        atomic_list_concat(Lines, '\n', Atom),
        atom_string(Atom, Text)
    ;   Text = Text0
    ).

static_line(Shapes, Line) :-
    arena_gamefile_loop_names:text_words(Line, Words),
    shape(Words, Shape),
    memberchk(Shape, Shapes).
