% A game of our own loading its parts as SICStus students write it: loads in
% one ?- directive, a load and the entry point in one :- directive, SICStus'
% prolog_flag/3, a top level flag, the program's start (clear the screen, then
% play) as one directive, parts loaded by SICStus' compile/1 and reconsult/1.
:- prolog_flag(syntax_errors, _, dec10).
?- consult('sides.pl'), use_module(library(lists)).
:- set_prolog_flag(verbose, silent).
:- ensure_loaded('ends.pl'), play.

players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- ( N >= 3 -> Ms = [] ; Ms = [1, 2] ).
move(s(N, P), M, s(N1, Q)) :-
    N < 3, memberchk(M, [1, 2]), N1 is min(3, N + M), other(P, Q).
game_over(s(3, P), W) :- winner_after(P, W).
play :- write('the menu').
:- ensure_loaded('ends.pl'), clear_screen, play.
:- compile(screen).
