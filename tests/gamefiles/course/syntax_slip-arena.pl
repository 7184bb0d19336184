% The arena's adapter for syntax_slip.pl, proposed by `arena check-game`.
% It plays the file unchanged and adds what the arena needs. Lines marked
% GUESS were inferred from a few legal moves: confirm them against the
% game's code, then run `arena check-game` on this file.

% GUESS: no file of the game loads the files below its own, though its
% code calls what they define: the adapter loads them with it.
:- consult('syntax_slip.pl').
:- consult('asserted_board.pl').
:- consult('broken_display.pl').
:- consult('colours_and_next.pl').
:- consult('contract_1920.pl').

% The game passes the player to move beside its state, and its loop
% keeps whose turn it is: the adapter's state s(State, Player) keeps both.

% (the game has a players/1 of its own: the arena uses this one)
arena_players([cross, nought]).

% GUESS: the players, cross moving first
current_player(s(_, A), A).
arena_other(cross, nought).
arena_other(nought, cross).

% GUESS: the game's winner terms
arena_winner(cross, cross).
arena_winner(nought, nought).
arena_winner(draw, draw).

% GUESS: the first state the game's own loop built
arena_initial_state(_, s([e, e, e, e, e, e, e, e, e], cross)).

% the game ends where game_over holds with a winner above, or where
% the player to move has no move (GUESS: a draw; the game's loop decides)
arena_game_over(s(A, _), B) :-
    game_over(A, B),
    nonvar(B),
    arena_winner(B, _),
    !.
arena_game_over(s(A, B), draw) :-
    once(valid_moves(A, B, C)),
    C==[].

arena_valid_moves(s(A, B), C) :-
    (   arena_game_over(s(A, B), _)
    ->  C=[]
    ;   valid_moves(A, B, D),
        C=D
    ).

arena_move_first(s(A, B), C, s(D, E)) :-
    \+ arena_game_over(s(A, B), _),
    move(C, A, D),
    !,
    arena_other(B, E).

arena_display_game(s(A, B)) :-
    display_game(A),
    format("~w to move~n", [B]).

% GUESS: the game's AI levels, as its code names them
arena_level(1, 1).
arena_level(2, 2).
arena_choose_move(s(A, B), C, D) :-
    choose_move(A, B, C, D).

% the game's value/3 gives no number for its first state: none
arena_without(value/3).

% check-game found the game's display_game/1 broken here: the arena does without it
arena_without(display_game/1).

% check-game found the game's display_game/2 broken here: the arena does without it
arena_without(display_game/2).

% check-game found move/3 leaving a choice point
% (or taking unlisted moves): its first listed answer, as the game's loop takes it
arena_move(S, M, S1) :-
    arena_valid_moves(S, Ms),
    memberchk(M, Ms),
    arena_move_first(S, M, S1),
    !.
