% Nim (take 1 to 3, taking the last stone wins) split into files as
% course projects are: utils.pl, an older version copied into the
% project, defines take_options/2 and other/2, and this file defines
% them again after loading it. SICStus and SWI-Prolog keep this file's
% definitions; label/2 has clauses here and in an included file, which
% are this file's own.
:- consult(utils).
:- include('labels.pl').

label(a, 'Ann').

take_options(N, Ks) :-
    Top is min(3, N),
    findall(K, between(1, Top, K), Ks).

initial_state(_, h(9, a)).
valid_moves(h(N, _), Moves) :-
    take_options(N, Moves).
move(h(N, P), K, h(N1, Q)) :-
    take_options(N, Ks),
    memberchk(K, Ks),
    N1 is N - K,
    other(P, Q).
game_over(h(0, P), W) :-
    other(P, W).
players([a, b]).
current_player(h(_, P), P).

other(a, b).
other(b, a).
