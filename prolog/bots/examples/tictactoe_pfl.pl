/** <module> Tic-tac-toe bot as a PFL student writes it (choose_move/3)

Reads the game's own state term, state(Board, ToMove) with Board a list
of 9 cells x, o or e, and answers a cell 1..9. Level 1 plays a random
empty cell; any other level wins if it can, else blocks, else takes the
centre, then a corner, then a side.
*/
:- use_module(library(lists)).
:- use_module(library(random)).

%!  choose_move(+State, +Level, -Move) is semidet.
choose_move(state(Board, Me), Level, Move) :-
    findall(C, nth1(C, Board, e), Empty),
    Empty \== [],
    (   Level =< 1
    ->  random_member(Move, Empty)
    ;   opponent(Me, You),
        (   member(Move, Empty), completes(Board, Move, Me)
        ->  true
        ;   member(Move, Empty), completes(Board, Move, You)
        ->  true
        ;   member(Move, [5, 1, 3, 7, 9, 2, 4, 6, 8]),
            memberchk(Move, Empty)
        ->  true
        )
    ).

opponent(x, o).
opponent(o, x).

completes(Board, Cell, Mark) :-
    line(Line),
    select(Cell, Line, [A, B]),
    nth1(A, Board, Mark),
    nth1(B, Board, Mark).

line([1,2,3]).
line([4,5,6]).
line([7,8,9]).
line([1,4,7]).
line([2,5,8]).
line([3,6,9]).
line([1,5,9]).
line([3,5,7]).
