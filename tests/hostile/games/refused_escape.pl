% Hostile: valid_moves/2 lists a move whose text is a run of
% terminal escapes, and move/3 refuses it, hoping the refusal carries
% the escapes into the arena's message (a longer text is refused as it is listed).
players([a, b]).
initial_state(_, s(a)).
current_player(s(P), P).
valid_moves(s(_), [ok, Bad]) :-
    length(L, 40),
    maplist(=('\e[2J\e]0;pwned\a'), L),
    atomic_list_concat(L, Bad).
move(s(a), ok, s(b)).
move(s(b), ok, s(a)).
game_over(_, _) :- fail.
