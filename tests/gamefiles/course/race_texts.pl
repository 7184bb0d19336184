% A course-style game of our own (2024/25 form) for check-game's adapter
% proposal: the state is a list [Cells, Player, Mode], initial_state/2
% takes its config apart in the head ([Size, Mode], from a menu), the
% winner is a sentence naming the player, value/3 names the players r
% and b, and a player with no cell of their own left passes with the
% move `skipped`, which valid_moves/2 never lists (its game loop plays
% it). Red owns cells 1 to 3, Blue the rest; more stones win.
:- use_module(library(lists)).

initial_state([Size, Mode], [Cells, 'Red', Mode]) :-
    integer(Size),
    Size >= 5,
    length(Cells, Size),
    maplist(=(e), Cells).

owns('Red', I) :- I =< 3.
owns('Blue', I) :- I > 3.

mark('Red', r).
mark('Blue', b).

next('Red', 'Blue').
next('Blue', 'Red').

valid_moves([Cells, P, _], Moves) :-
    findall(I, own_empty(Cells, P, I), Moves).

own_empty(Cells, P, I) :-
    nth1(I, Cells, e),
    owns(P, I).

move([Cells, P, Mode], skipped, [Cells, O, Mode]) :-
    \+ own_empty(Cells, P, _),
    next(P, O).
move([Cells, P, Mode], I, [Cells1, O, Mode]) :-
    integer(I),
    own_empty(Cells, P, I),
    mark(P, X),
    put_at(Cells, I, X, Cells1),
    next(P, O).

put_at([_|Cs], 1, X, [X|Cs]) :-
    !.
put_at([C|Cs], I, X, [C|Cs1]) :-
    I > 1,
    I1 is I - 1,
    put_at(Cs, I1, X, Cs1).

stones(Cells, X, N) :-
    findall(x, member(X, Cells), Xs),
    length(Xs, N).

game_over([Cells, _, _], 'Red wins the race!') :-
    \+ memberchk(e, Cells),
    stones(Cells, r, R), stones(Cells, b, B), R > B.
game_over([Cells, _, _], 'Blue wins the race!') :-
    \+ memberchk(e, Cells),
    stones(Cells, r, R), stones(Cells, b, B), B > R.
game_over([Cells, _, _], 'Nobody wins: a draw') :-
    \+ memberchk(e, Cells),
    stones(Cells, r, N), stones(Cells, b, N).

value([Cells, _, _], r, V) :-
    stones(Cells, r, V).
value([Cells, _, _], b, V) :-
    stones(Cells, b, V).

display_game([Cells, P, _]) :-
    format("~w~n~w to move~n", [Cells, P]).
