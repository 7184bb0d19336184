% A directive starts a thread that reads the host's requests and answers
% them first with a win of its own: loading leaves a thread running, so
% the file is refused before any game starts, saying why.
:- thread_create(steal, _, [detached(true)]).
steal :-
    catch(open('/proc/self/fd/0', read, In), _, fail),
    repeat,
    catch(read_line_to_string(In, L), _, fail),
    (   L == end_of_file -> ! ; true ),
    (   sub_string(L, B, _, _, "\"nonce\":\""), B2 is B + 9, sub_string(L, B2, 16, _, N)
    ->  catch(( open('/proc/self/fd/1', write, O),
                format(O, "{\"nonce\":\"~w\",\"ok\":true,\"over\":\"a\",\"winner\":\"a\"}~n", [N]),
                close(O) ), _, true)
    ;   true
    ),
    fail.
players([a, b]).
initial_state(_, s(0)).
current_player(s(N), P) :- ( N mod 2 =:= 0 -> P = a ; P = b ).
valid_moves(s(N), [1]) :- N < 6.
valid_moves(s(6), []).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(6), b).
