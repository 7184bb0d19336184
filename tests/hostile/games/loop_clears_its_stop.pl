% A hostile game of our own, played only through its loop: it catches
% every exception its read throws (the arena's stop of the run among
% them), tries to clear the arena's stop and asks again, for ever.
play :-
    write('1) Player vs Player'), nl,
    read(_),
    turn(1).

turn(P) :-
    format("Turn of player ~w~nValid moves: [a, b]~nYour move: ", [P]),
    catch(read(_), _, nb_setval(arena_loop_stop, none)),
    Q is 3 - P,
    turn(Q).
