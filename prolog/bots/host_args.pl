:- module(arena_host_args,
          [ arguments/3               % +Argv, -Options, -BotFile
          ]).
:- use_module(library(error)).
:- use_module(library(option)).

/** <module> The bot host's command line

    ARGS: --in-fd N --out-fd M --game GAME --seat first|second|any \
          [--stack-mb N] [--level N] [--inferences N] [--seed N] \
          [--load-seconds S] [--unchecked test] BOTFILE

See host.pl.
*/

%!  arguments(+Argv, -Options, -BotFile) is det.

arguments(Argv, Options, BotFile) :-
    phrase(argument_list(Options, Files), Argv),
    (   Files = [BotFile0]
    ->  absolute_file_name(BotFile0, BotFile)
    ;   domain_error(one_bot_file, Files)
    ),
    (   option(game(G), Options)
    ->  must_be(atom, G)
    ;   existence_error(option, '--game')
    ).

argument_list([Option|Options], Files) -->
    [Flag, Value],
    { flag_option(Flag, Value, Option) },
    !,                                  % green: one reading of a flag
    argument_list(Options, Files).
argument_list(Options, [File|Files]) -->
    [File],
    !,                                  % green: anything else is a file
    argument_list(Options, Files).
argument_list([], []) -->
    [].

flag_option('--game', Game, game(Game)).
flag_option('--stack-mb', Text, stack_mb(N)) :-
    atom_number(Text, N),
    must_be(positive_integer, N).
flag_option('--seat', Seat, seat(Seat)) :-
    must_be(oneof([first, second, any]), Seat).
flag_option('--in-fd', Text, in_fd(N)) :-
    atom_number(Text, N).
flag_option('--out-fd', Text, out_fd(N)) :-
    atom_number(Text, N).
flag_option('--level', Text, level(N)) :-
    atom_number(Text, N).
flag_option('--inferences', Text, inferences(N)) :-
    atom_number(Text, N).
flag_option('--seed', Text, seed(N)) :-
    atom_number(Text, N).
flag_option('--load-seconds', Text, load_seconds(N)) :-
    atom_number(Text, N).
flag_option('--unchecked', test, unchecked(test)).
