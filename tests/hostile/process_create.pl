% expect: refused process
% Starts a program, with and without loading library(process).
:- use_module(library(process)).

choose_move(State, _, Move) :-
    process_create(path(touch), ['/tmp/arena-hostile-pwned'], []),
    valid_moves(State, [Move|_]).
