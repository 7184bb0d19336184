% Rules that enter Prolog's toplevel, which would read the host's
% requests as queries (break/0, prolog/0, a qualified system:break), and
% one that starts the debugger (trace/0).
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(s(0), [1, 2, 3]) :- !, trace.
valid_moves(s(1), _) :- break.
valid_moves(s(2), _) :- prolog.
valid_moves(s(3), _) :- G = break, call(system:G).
move(s(0), M, s(M)).
game_over(s(9), a).
