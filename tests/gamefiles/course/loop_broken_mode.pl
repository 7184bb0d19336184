% A half-finished course game: its one mode with computers calls a
% predicate not written yet, its mode for people is not written either.
play :-
    write('1. Person vs Person'), nl,
    write('2. Computer vs Computer'), nl,
    write('Mode: '),
    read(Mode),
    mode(Mode).

mode(1) :-
    write('Not ready yet.'), nl.
mode(2) :-
    start_computers(1).
