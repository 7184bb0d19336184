% expect: refused socket
% Opens a network connection.
:- use_module(library(socket)).
choose_move(State, _, Move) :-
    tcp_connect('127.0.0.1':22, _, []),
    valid_moves(State, [Move|_]).
