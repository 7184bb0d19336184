% Uses what a bot may declare: a module header, libraries, dynamic,
% discontiguous, operators, the double_quotes flag and grammar rules.
:- module(my_bot, [choose_move/3]).
:- use_module(library(lists)).
:- use_module(library(apply), [maplist/3]).
:- ensure_loaded(library(pairs)).
:- dynamic seen/1.
:- discontiguous helper/1.
:- op(700, xfx, ===>).
:- set_prolog_flag(double_quotes, codes).

choose_move(State, _, Move) :-
    assertz(seen(State)),
    phrase(centre(Move), "five"),
    valid_moves(State, Moves),
    memberchk(Move, Moves),
    5 ===> Move.

centre(5) --> "five".

helper(1).

X ===> X.

helper(2).
