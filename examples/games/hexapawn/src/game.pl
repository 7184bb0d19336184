% Hexapawn, as a PFL 2024/25 group would hand it in: plain files in src/,
% SICStus libraries, a play/0 menu that reads from the user.
% GameConfig: config(Player1Type, Player2Type), each human or a level.
% GameState: game(Board, Turn, Types), Board a list of 9 squares
% (w, b or e) row by row from white's side, Turn white or black.
% game_over/2 gives the winner's piece, w or b.
% Move: m(From, To), squares numbered 1..9.

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- consult('board.pl').
:- include('menu.pl').

initial_state(config(T1, T2), game([w,w,w,e,e,e,b,b,b], white, [T1, T2])).

display_game(game(Board, Turn, _)) :-
    nl,
    forall(member(Row, [3, 2, 1]),
           ( format("~w ", [Row]),
             forall(between(1, 3, Col),
                    ( square(Row, Col, Sq),
                      nth1(Sq, Board, Piece),
                      piece_char(Piece, Char),
                      format(" ~w", [Char])
                    )),
             nl
           )),
    write('   1 2 3'), nl,
    format("Player ~w to move~n", [Turn]).

valid_moves(game(Board, Turn, _), Moves) :-
    (   won(Board, _)
    ->  Moves = []
    ;   findall(m(From, To), pawn_move(Board, Turn, From, To), Moves0),
        sort(Moves0, Moves)
    ).

move(game(Board, Turn, Types), m(From, To), game(Board1, Next, Types)) :-
    valid_moves(game(Board, Turn, Types), Moves),
    memberchk(m(From, To), Moves),
    turn_piece(Turn, Piece),
    replace_square(Board, From, e, Board0),
    replace_square(Board0, To, Piece, Board1),
    next_turn(Turn, Next).

game_over(game(Board, _, _), Winner) :-
    won(Board, Winner),
    !.
game_over(game(Board, Turn, _), Winner) :-
    \+ pawn_move(Board, Turn, _, _),
    next_turn(Turn, Other),
    turn_piece(Other, Winner).

value(game(Board, _, _), Turn, Value) :-
    turn_piece(Turn, Mine),
    next_turn(Turn, Other),
    turn_piece(Other, Theirs),
    count_piece(Board, Mine, N1),
    count_piece(Board, Theirs, N2),
    advance(Board, Turn, A),
    Value is 10 * (N1 - N2) + A.

choose_move(GameState, human, Move) :-
    repeat,
    write('Move (m(From,To).): '),
    read(Move),
    valid_moves(GameState, Moves),
    memberchk(Move, Moves),
    !.
choose_move(GameState, 1, Move) :-
    valid_moves(GameState, Moves),
    random_member(Move, Moves).
choose_move(game(Board, Turn, Types), 2, Move) :-
    valid_moves(game(Board, Turn, Types), Moves),
    findall(V-M,
            ( member(M, Moves),
              move(game(Board, Turn, Types), M, S1),
              value(S1, Turn, V)
            ),
            Scored),
    max_member(Best-_, Scored),
    findall(M, member(Best-M, Scored), Bests),
    random_member(Move, Bests).
