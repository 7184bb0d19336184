% The channel: the game floods the watchdog with rule notes of its own to
% keep its late answer alive forever, and swallows every time limit.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, [1]) :- catch(flood, _, flood).
flood :-
    catch(( arena_host_protocol:protocol_stream(out, Out),
            repeat,
            format(Out, "{\"rule\":\"valid_moves/2\",\"limit\":5}~n", []),
            flush_output(Out),
            sleep(0.2),
            fail ), _, flood).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
