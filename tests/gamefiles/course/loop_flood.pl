% An attack of our own on the loop driver: a game with no rules whose
% play/0 writes without end and never picks. A run of its loop must stop
% at its time limit, no adapter may be written, and check-game must end.
play :-
    read(_),
    repeat,
    write('the arena will wait for ever '),
    fail.
