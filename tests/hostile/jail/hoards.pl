% jail: loaded unchecked (tests/jail/test_jail.py). Forks children that each
% hold about 100 MB, more than the jail's memory for all of them together,
% and answers when they have had four seconds to fill it.
:- use_module(library(unix)).

choose_move(State, _Level, Move) :-
    forall(between(1, 4, _),
           (   catch(fork(Pid), _, fail),
               Pid == child
           ->  hoard
           ;   true
           )),
    sleep(4),
    valid_moves(State, [Move|_]).

hoard :-
    format(atom(Atom), "~*c", [100000000, 0'x]),
    repeat,
    sleep(1),
    atom_length(Atom, _),
    fail.
