:- module(arena_host_args,
          [ arguments/3               % +Argv, -Options, -BotFile
          ]).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module('../host_protocol', [host_arguments/5]).

/** <module> The bot host's command line

    ARGS: --in-fd N --out-fd M --game GAME --seat first|second|any \
          [--stack-mb N] [--level N] [--inferences N] [--seed N] \
          [--load-seconds S] [--unchecked test] BOTFILE

See host.pl.
*/

%!  arguments(+Argv, -Options, -BotFile) is det.

arguments(Argv, Options, BotFile) :-
    host_arguments(Argv, flag_option, one_bot_file, Options, BotFile),
    (   option(game(G), Options)
    ->  must_be(atom, G)
    ;   existence_error(option, '--game')
    ).

%   flag_option(+Flag, +Value, -Option): the bot host's own flags.
flag_option('--game', Game, game(Game)).
flag_option('--seat', Seat, seat(Seat)) :-
    must_be(oneof([first, second, any]), Seat).
flag_option('--level', Text, level(N)) :-
    atom_number(Text, N).
flag_option('--inferences', Text, inferences(N)) :-
    atom_number(Text, N).
flag_option('--load-seconds', Text, load_seconds(N)) :-
    atom_number(Text, N).
flag_option('--unchecked', test, unchecked(test)).
