% An attack of our own on the search for the predicate that broke: move/3
% throws when it reaches trap/0, and loops for ever when the rule is run
% again (it sees last-call optimisation off) to find where it threw. The
% game must still end as a no-contest naming the error, the host
% answering (not killed).
:- use_module(library(lists)).
players([a, b]).
initial_state(_, s(6, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- findall(T, ( member(T, [1, 2]), T =< N ), Ms).
move(s(N, P), T, s(N1, Q)) :-
    valid_moves(s(N, P), Ms),
    memberchk(T, Ms),
    N1 is N - T,
    (   N1 < 3 -> trap ; true ),
    other(P, Q).
trap :-
    (   current_prolog_flag(last_call_optimisation, false)   % run again
    ->  spin(0)
    ;   atom_length(_, _)
    ).
spin(K) :- K1 is K + 1, spin(K1).
other(a, b).
other(b, a).
game_over(s(0, P), W) :- other(P, W).
display_game(s(N, P)) :- format("~w left, ~w to move~n", [N, P]).
