/** <module> Sliding tic-tac-toe bot in the classic protocol

"Jogo da velha modificado": three stones each; while fewer than six are
on the board a move places a stone (a cell 1..9), afterwards it slides
one of the mover's stones to an empty neighbouring cell (the 8 king-move
neighbours), written [From, To]. The bot sees only its opponent's last
move and keeps the board in its own dynamic predicate stone/2.

It wins at once when it can, else stops an immediate win of the
opponent when it can, else prefers the centre, then whatever keeps the
most lines open for it.
*/
:- use_module(library(lists)).
:- dynamic stone/2.                     % Cell, Mark

x_inicia(Move) :-
    retractall(stone(_, _)),
    play(x, Move).

x_responde(Opponent, Move) :-
    put_move(Opponent, o),
    play(x, Move).

o_inicia(Opponent, Move) :-
    retractall(stone(_, _)),
    put_move(Opponent, x),
    play(o, Move).

o_responde(Opponent, Move) :-
    put_move(Opponent, x),
    play(o, Move).

put_move([From, To], Mark) :-
    !,                                  % green: a slide
    retract(stone(From, Mark)),
    assertz(stone(To, Mark)).
put_move(Cell, Mark) :-
    assertz(stone(Cell, Mark)).

other(x, o).
other(o, x).

empty(Cell) :-
    between(1, 9, Cell),
    \+ stone(Cell, _).

moves(Mark, Moves) :-
    aggregate_all(count, stone(_, _), N),
    (   N < 6
    ->  findall(C, empty(C), Moves)
    ;   findall([F, T], ( stone(F, Mark), neighbour(F, T), empty(T) ), Moves)
    ).

neighbour(F, T) :-
    between(1, 9, T),
    T =\= F,
    abs((F - 1) // 3 - (T - 1) // 3) =< 1,
    abs((F - 1) mod 3 - (T - 1) mod 3) =< 1.

%   board(-Stones): the stones as Cell-Mark pairs.
board(Stones) :-
    findall(C-M, stone(C, M), Stones).

after(Stones, [F, T], Mark, [T-Mark|Rest]) :-
    !,                                  % green: a slide
    select(F-Mark, Stones, Rest).
after(Stones, Cell, Mark, [Cell-Mark|Stones]).

wins(Stones, Mark) :-
    line(Line),
    forall(member(C, Line), memberchk(C-Mark, Stones)).

play(Me, Move) :-
    other(Me, You),
    board(Stones),
    moves(Me, Moves),
    Moves \== [],
    (   member(Move, Moves),
        after(Stones, Move, Me, S1),
        wins(S1, Me)
    ->  true
    ;   findall(Score-M,
                ( member(M, Moves),
                  after(Stones, M, Me, S1),
                  score(S1, Me, You, Score)
                ),
                Scored),
        max_member(_-Move, Scored)
    ),
    put_move(Move, Me).

%   score: minus a large penalty when the opponent could then win at
%   once, plus the lines still open for Me, plus the centre.
score(Stones, Me, You, Score) :-
    (   threat(Stones, You)
    ->  Threat = -100
    ;   Threat = 0
    ),
    aggregate_all(count, ( line(L), \+ ( member(C, L), memberchk(C-You, Stones) ) ), Open),
    (   memberchk(5-Me, Stones)
    ->  Centre = 2
    ;   Centre = 0
    ),
    Score is Threat + Open + Centre.

threat(Stones, You) :-
    line(Line),
    findall(C, ( member(C, Line), memberchk(C-You, Stones) ), [_, _]),
    member(Empty, Line),
    \+ memberchk(Empty-_, Stones),
    length(Stones, N),
    (   N < 6
    ->  true
    ;   member(F-You, Stones),
        \+ memberchk(F, Line),
        neighbour(F, Empty)
    ).

line([1,2,3]).
line([4,5,6]).
line([7,8,9]).
line([1,4,7]).
line([2,5,8]).
line([3,6,9]).
line([1,5,9]).
line([3,5,7]).
