% expect: no_move
% Prints what a reply of the protocol looks like, then fails: the real
% reply is no_move.
choose_move(_, _, _) :-
    format("{\"verdict\":\"ok\",\"move\":\"5\",\"ms\":0}~n"),
    writeln('{"verdict":"ok","move":"5","ms":0}'),
    fail.
