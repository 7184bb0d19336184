% A course-style game of our own that only its loop knows, for two
% people: a 3x3 board labelled "A B C" over its columns and 1 to 3 down
% its rows, where a move claims a free cell. The move is read by read/1
% and checked against lower-case cells (a1), so a cell typed as the
% board writes it ('A1') is refused. The first to claim a whole row wins.
:- use_module(library(lists)).

play :-
    write('=== Rows ==='), nl,
    write('1. Player vs Player'), nl,
    write('2. Quit'), nl,
    write('Choose: '),
    read(Choice),
    start(Choice).

start(1) :- turn([], ann, bob).
start(2).

cell(C) :- member(L, [a, b, c]), member(N, ['1', '2', '3']), atom_concat(L, N, C).

turn(Taken, Player, Other) :-
    show(Taken),
    format("Turn of ~w~n", [Player]),
    ask(Taken, Cell),
    Taken1 = [Cell-Player|Taken],
    (   won(Taken1, Player)
    ->  show(Taken1),
        format("~w wins!~n", [Player])
    ;   length(Taken1, 9)
    ->  show(Taken1),
        write('It is a draw.'), nl
    ;   turn(Taken1, Other, Player)
    ).

won(Taken, P) :-
    member(N, ['1', '2', '3']),
    forall(member(L, [a, b, c]), ( atom_concat(L, N, C), memberchk(C-P, Taken) )).

ask(Taken, Cell) :-
    write('Cell? '),
    read(T),
    (   atom(T), cell(T), \+ memberchk(T-_, Taken)
    ->  Cell = T
    ;   write('Invalid cell, try again.'), nl,
        ask(Taken, Cell)
    ).

show(Taken) :-
    write('   A B C'), nl,
    forall(member(N, ['1', '2', '3']),
           ( format("~w |", [N]),
             forall(member(L, [a, b, c]),
                    ( atom_concat(L, N, C),
                      (   memberchk(C-ann, Taken) -> M = 'X'
                      ;   memberchk(C-bob, Taken) -> M = 'O'
                      ;   M = ' '
                      ),
                      format("~w|", [M]) )),
             nl )).
