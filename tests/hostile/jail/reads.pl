% jail: loaded unchecked (tests/jail/test_jail.py). Looks for everything it
% could read: the system's files, the project, the folder of the game file
% (sibling submissions, the instructor's files), and prints what it saw.
choose_move(State, _Level, Move) :-
    forall(member(File, ['/etc/passwd', '/etc/shadow', '/root/.bashrc',
                         '/proc/1/root/etc/passwd',
                         '/arena/game/../secret.txt', '/arena/game/secret.txt',
                         '/arena/game/other/bot.pl', '/arena/bot/../secret.txt']),
           try_read(File)),
    forall(member(Dir, ['/', '/arena', '/arena/game', '/arena/game/lib', '/arena/bot',
                        '/tmp', '/work', '/root', '/home', '/etc']),
           try_list(Dir)),
    mounted_sources,
    valid_moves(State, [Move|_]).

try_read(File) :-
    (   catch(read_file_to_string(File, Text, []), _, fail)
    ->  string_length(Text, N),
        format(user_error, "read ~w: ~w bytes~n", [File, N])
    ;   format(user_error, "read ~w: no~n", [File])
    ).

try_list(Dir) :-
    (   catch(directory_files(Dir, Names0), _, fail)
    ->  subtract(Names0, ['.', '..'], Names1),
        msort(Names1, Names),
        format(user_error, "list ~w: ~q~n", [Dir, Names])
    ;   format(user_error, "list ~w: no~n", [Dir])
    ).

%   The folders outside that the mounts come from, then a try at each.
mounted_sources :-
    (   catch(read_file_to_string('/proc/self/mountinfo', Text, []), _, fail)
    ->  split_string(Text, "\n", "", Lines),
        forall(( member(Line, Lines),
                 split_string(Line, " ", "", [_, _, _, Root|_]),
                 Root \== "/",
                 file_directory_name(Root, Dir)
               ),
               try_list(Dir))
    ;   true
    ).
