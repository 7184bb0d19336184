% Unit tests of the moves a game's own computer player can pick
% (prolog/gamefile/picked.pl, prolog/gamefile/retries.pl), on our course
% game tests/gamefiles/course/picked_moves.pl: its player draws a row and
% a column with random/3 and calls itself again where the cell is taken.
:- create_prolog_flag(arena_game_jail, true, []).
:- use_module('../../prolog/gamefile/load').
:- use_module(library(plunit)).

code(Code) :-
    game_file_code(picked_unit, Code),
    !.
code(Code) :-
    source_file(code(_), Here),
    file_directory_name(Here, Dir),
    atom_concat(Dir, '/../gamefiles/course/picked_moves.pl', File0),
    absolute_file_name(File0, File),
    load_game_file(File, auto, picked_unit, _, _),
    game_file_code(picked_unit, Code).

picked(Board, Moves, Result) :-
    code(Code),
    call_with_inference_limit(
        Code:arena_picked_moves(choose_move(Board, x, 1, M), M, Moves), 5_000_000, Result).

:- begin_tests(picked).

test(some_cells_free, [true(Moves-R == ['3-1', '3-2', '3-3']-'!')]) :-
    once(picked([x, o, x, o, x, o, e, e, e], Moves0, R)),
    findall(T, ( member(A-B, Moves0), format(atom(T), "~w-~w", [A, B]) ), Moves).

%   Every pick refused, the last one too: the player's call of itself
%   after its last pick is taken in turn once, not without end.
test(every_cell_taken, [true(Moves-R == []-'!')]) :-
    once(picked([x, o, x, x, o, o, o, x, x], Moves, R)).

:- end_tests(picked).
