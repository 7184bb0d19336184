% The channel: the game finds the host's reply pipe and writes answers of
% its own on it (a nonce-less "ok", and a whole fake state).
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, [1]) :-
    forall(( between(3, 20, Fd),
             format(atom(P), "/proc/self/fd/~d", [Fd]),
             catch(open(P, write, S), _, fail) ),
           ( catch(( format(S, "{\"nonce\":\"x\",\"ok\":true,\"player\":\"a\"}~n", []),
                     flush_output(S) ), _, true),
             catch(close(S), _, true) )).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
