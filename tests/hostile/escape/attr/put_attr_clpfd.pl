% expect: refused put_attr clpfd
% clpfd's attribute, set by hand to a propagator of the bot's making.
:- use_module(library(clpfd)).
choose_move(State, _, Move) :-
    put_attr(V, clpfd, clpfd_attr(no, no, no, from_to(n(0), n(1)), fd_props([], [], []))),
    V = 5,
    valid_moves(State, [Move|_]).
