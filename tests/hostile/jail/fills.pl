% jail: loaded unchecked (tests/jail/test_jail.py). Tries to fill every place
% it can write with files and symbolic links (4 KB targets take a page of
% shared memory each in a tmpfs), and says what it managed.
choose_move(State, _Level, Move) :-
    forall(member(Dir, ['/tmp', '/dev/shm', '/dev', '/arena', '/']),
           fill(Dir)),
    valid_moves(State, [Move|_]).

fill(Dir) :-
    length(Codes, 4000),
    maplist(=(0'a), Codes),
    atom_codes(Target, Codes),
    count(500, Dir, link(Target), 0, Links),
    count(500, Dir, file, 0, Files),
    format(user_error, "~w: ~w links, ~w files~n", [Dir, Links, Files]).

count(0, _, _, N, N) :-
    !.
count(K, Dir, What, N0, N) :-
    format(atom(Path), "~w/x~w-~w", [Dir, K, N0]),
    (   catch(make(What, Path), _, fail)
    ->  N1 is N0 + 1
    ;   N1 = N0
    ),
    K1 is K - 1,
    count(K1, Dir, What, N1, N).

make(link(Target), Path) :-
    link_file(Target, Path, symbolic).
make(file, Path) :-
    open(Path, write, Out),
    format(Out, "~a", [Path]),
    close(Out).
