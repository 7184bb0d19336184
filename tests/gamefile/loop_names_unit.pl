% Unit tests of how the players of a game played through its own loop
% are named (prolog/gamefile/loop_names.pl, names/2), on texts of our
% own built pick by pick.
:- use_module('../../prolog/gamefile/loop_names').
:- use_module(library(plunit)).
:- use_module(library(lists)).

%   game(+Segments, -Game): Taken-Marks-Text with a pick after each
%   segment, the marks last first.
game(Segments, Taken-Marks-Text) :-
    foldl(mark, Segments, 0-[], _-Marks),
    atomic_list_concat(Segments, Atom),
    atom_string(Atom, Text),
    length(Segments, N),
    length(Taken, N).

mark(Segment, End0-Marks, End-[at(End, 1)|Marks]) :-
    string_length(Segment, L),
    End is End0 + L.

%   A score line names both sides before every pick, the line below it
%   the side to move, and a board of digits and signs comes last.
scored(Seed, Segment) :-
    nth0(Seed, ["8", "3", "5"], From),
    member(I, [0, 1, 2, 3, 4, 5, 6, 7]),
    nth0(I, ["RED", "BLUE", "RED", "BLUE", "RED", "BLUE", "RED", "BLUE"], Side),
    Kept is 4 - I // 3,
    format(string(Segment),
           " Bot made move: point(~w,~w) -> point(~w,~w)~n Type enter:~n~n\c
            PLAYER TURN: ~w~n~nRED BISHOPS: ~w  |  BLUE BISHOPS: 4~n\c
                0   1   2~n  |---|---|---|~n0 | . |   | . |~n",
           [From, I, I, From, Side, Kept]).

%   A line of turns that names no side, and the side named last.
unnamed(Segment) :-
    member(I, [0, 1, 2, 3, 4, 5, 6, 7]),
    nth0(I, ["red", "blue", "red", "blue", "red", "blue", "red", "blue"], Side),
    format(string(Segment), "~nYour turn now (~w)~n | . | o |~nmove for ~w: ", [I, Side]).

:- begin_tests(loop_names).

test(turn_line_under_a_score_of_both, Names == names(red, blue)) :-
    findall(Game, ( member(Seed, [0, 1, 2]),
                    findall(S, scored(Seed, S), Segments),
                    game(Segments, Game) ), Games),
    names(Games, Names).

test(turn_line_that_names_no_one, Names == names(red, blue)) :-
    findall(Game, ( between(1, 3, _),
                    findall(S, unnamed(S), Segments),
                    game(Segments, Game) ), Games),
    names(Games, Names).

:- end_tests(loop_names).
