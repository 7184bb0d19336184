:- module(nim,
          [ players/1,                % -Players
            initial_state/2,          % +Options, -State
            current_player/2,         % +State, -Player
            valid_moves/2,            % +State, -Moves
            move/3,                   % +State, +Move, -NewState
            game_over/2,              % +State, -Winner
            option/3,                 % ?Name, ?Default, ?Help
            value/3,                  % +State, +Player, -Value
            display_game/1            % +State
          ]).
:- use_module(library(lists)).

/** <module> Nim: a game written outside the arena, to its contract

Heaps of tokens; a move takes one or more tokens from one heap; whoever
takes the last token wins. State: nim(Heaps, Player). Move:
take(Heap, Count), typed as `take(2,3)`.

    ?- nim:initial_state([], S), nim:move(S, take(3,5), S1).
    S1 = nim([3,4,0], second).
*/

players([first, second]).

option(heaps, '3-4-5', "heap sizes, dash-separated").

initial_state(Options, nim(Heaps, first)) :-
    (   memberchk(heaps(Text), Options)
    ->  true
    ;   Text = '3-4-5'
    ),
    atomic_list_concat(Parts, '-', Text),
    maplist(atom_number, Parts, Heaps).

current_player(nim(_, Player), Player).

valid_moves(nim(Heaps, _), Moves) :-
    findall(take(H, N),
            ( nth1(H, Heaps, Size),
              between(1, Size, N)
            ),
            Moves).

move(nim(Heaps0, Player), take(H, N), nim(Heaps, Next)) :-
    nth1(H, Heaps0, Size),
    integer(N),
    between(1, Size, N),
    Left is Size - N,
    replace(Heaps0, H, Left, Heaps),
    other(Player, Next).

game_over(nim(Heaps, Player), Winner) :-
    sum_list(Heaps, 0),
    other(Player, Winner).              % the player who took the last token

value(nim(Heaps, Player), Me, Value) :-
    foldl([X, A0, A]>>(A is A0 xor X), Heaps, 0, Xor),
    (   Xor =:= 0
    ->  V = -1                          % the player to move is losing
    ;   V = 1
    ),
    (   Player == Me
    ->  Value = V
    ;   Value is -V
    ).

display_game(nim(Heaps, Player)) :-
    forall(nth1(H, Heaps, Size),
           ( format("~w: ", [H]),
             forall(between(1, Size, _), write('|')),
             nl
           )),
    format("~w to move~n", [Player]).

other(first, second).
other(second, first).

replace([_|Xs], 1, Y, [Y|Xs]) :-
    !.                                  % green: the index is 1 only here
replace([X|Xs], N, Y, [X|Ys]) :-
    N > 1,
    N1 is N - 1,
    replace(Xs, N1, Y, Ys).
