% expect: refused put_attr freeze
% An attribute of module freeze holds a goal built from text, run when
% its variable is bound: shell/1, process_create/3, unix:fork/1, and
% files read and listed.
choose_move(State, _, Move) :-
    payload(Goal),
    put_attr(V, freeze, Goal),
    V = x,
    valid_moves(State, [Move|_]).

payload(Goal) :-
    term_string(Goal,
        "( ignore(catch(shell('touch /tmp/arena-escape-pwned'), _, true)), \c
           ignore(catch(process:process_create(path(touch), ['/tmp/arena-escape-pwned'], []), _, true)), \c
           ignore(catch(( unix:fork(P), P == child, halt ), _, true)), \c
           ignore(catch(( read_file_to_string('/etc/passwd', S, []), string_length(S, N), N > 0, \c
                   directory_files('/', Fs), Fs \\== [], \c
                   open('/tmp/arena-escape-pwned', write, Out), close(Out) ), _, true)) )").
