% A course-style game of our own written for SICStus, where "text" is a
% list of codes: its banner's width is the length of a "text" given to a
% helper, and a cell is drawn from a "text" walked code by code. Read as
% SWI-Prolog reads it ("text" a string) its first state throws.
% Take 1 or 2 sticks from 7; who takes the last one wins.
:- use_module(library(lists)).

players([first, second]).

initial_state(_, s(7, first)) :-
    banner_width("TAKE STICKS", W),
    W > 0.

banner_width(Title, W) :-
    length(Title, L),
    W is L + 4.

current_player(s(_, P), P).

valid_moves(s(N, _), Ms) :-
    findall(T, ( member(T, [1, 2]), T =< N ), Ms).

move(s(N, P), T, s(N1, Q)) :-
    memberchk(T, [1, 2]),
    T =< N,
    N1 is N - T,
    other(P, Q).

game_over(s(0, P), W) :-
    other(P, W).

display_game(s(N, P)) :-
    codes_out("sticks: "),
    format("~w, ~w to move~n", [N, P]).

codes_out([]).
codes_out([C|Cs]) :-
    put_code(C),
    codes_out(Cs).

other(first, second).
other(second, first).
