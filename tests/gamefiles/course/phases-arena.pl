% The adapter of phases.pl: the state gains the phase, move/4 and
% valid_moves/3 are called with Player-Phase, levels map onto
% computer-Level, and the menu's board size is set up.
:- consult('phases.pl').

players([x, o]).

arena_setup(assertz(board_size(5))).

arena_initial_state(_, s(B, P, place)) :-
    initial_state(5, B-P).

current_player(s(_, P, _), P).

arena_valid_moves(s(B, P, Phase), Ms) :-
    (   game_over(B-P, _)
    ->  Ms = []
    ;   once(valid_moves(B-P, P-Phase, Ms0)),
        sort(Ms0, Ms)
    ).

arena_move(s(B, P, Phase), M, S) :-
    \+ game_over(B-P, _),
    phase_move(Phase, B, P, M, S),
    !.

phase_move(place, B, P, I, s(B1, P, take)) :-
    move(B-P, I, P-place, B1-P).
phase_move(take, B, P, M, s(B1, O, place)) :-
    move(B-P, M, P-take, B1-O).

arena_game_over(s(B, P, _), W) :-
    game_over(B-P, W).

arena_level(L, computer-L).

arena_choose_move(s(B, P, Phase), Level, M) :-
    choose_move(B-P, P-Phase, Level, M).
