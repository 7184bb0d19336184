:- module(arena_host_protocol,
          [ host_arguments/5,         % +Argv, :Flag, +What, -Options, -File
            protocol_streams/1,       % +Options
            request/1,                % -Request
            reply/2,                  % +Nonce, +Dict
            write_note/1,             % +Dict
            write_line/1              % +Text
          ]).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(http/json)).

:- meta_predicate host_arguments(+, 3, +, -, -).

/** <module> The pipes between the arena and a host process

The bot host (prolog/bots/host.pl) and the game host (prolog/gamehost.pl)
each serve the arena on two pipes of their own (file descriptors given
by --in-fd and --out-fd), never on the standard streams, which carry
only what the bot or game prints. Requests are Prolog terms read as
data, never called, each with a nonce; replies are one JSON object per
line, repeating the nonce. Lines without a nonce are notes (a child
process gone, the rule the game host is running).
*/

%!  host_arguments(+Argv, :Flag, +What, -Options, -File) is det.
%
%   A host's command line: flag-value pairs and one file (absolute; a
%   domain error What otherwise). The flags both hosts take are read
%   here (--in-fd N, --out-fd M, --stack-mb N, --seed N), the host's own
%   by call(Flag, Name, Value, Option); a pair no flag reads is a file.

host_arguments(Argv, Flag, What, Options, File) :-
    phrase(argument_list(Flag, Options, Files), Argv),
    (   Files = [File0]
    ->  absolute_file_name(File0, File)
    ;   domain_error(What, Files)
    ).

argument_list(Flag, [Option|Options], Files) -->
    [Name, Value],
    { flag_option(Flag, Name, Value, Option) },
    !,                                  % green: one reading of a flag
    argument_list(Flag, Options, Files).
argument_list(Flag, Options, [File|Files]) -->
    [File],
    !,                                  % green: anything else is a file
    argument_list(Flag, Options, Files).
argument_list(_, [], []) -->
    [].

flag_option(_, '--in-fd', Text, in_fd(N)) :-
    !,
    atom_number(Text, N).
flag_option(_, '--out-fd', Text, out_fd(N)) :-
    !,
    atom_number(Text, N).
flag_option(_, '--stack-mb', Text, stack_mb(N)) :-
    !,
    atom_number(Text, N),
    must_be(positive_integer, N).
flag_option(_, '--seed', Text, seed(N)) :-
    !,
    atom_number(Text, N).
flag_option(Flag, Name, Value, Option) :-
    call(Flag, Name, Value, Option).

:- dynamic
    protocol_stream/2.              % Role (in, out), Stream

%!  protocol_streams(+Options) is det.
%
%   Opens the protocol pipes in_fd(N) and out_fd(M), kept in this module
%   only, and points the hosted code's input at an empty stream and its
%   output at stderr (which the caller drains into a bounded buffer).

protocol_streams(Options) :-
    option(in_fd(InFd), Options),
    option(out_fd(OutFd), Options),
    format(atom(InPath), "/proc/self/fd/~d", [InFd]),
    format(atom(OutPath), "/proc/self/fd/~d", [OutFd]),
    open(InPath, read, In, [encoding(utf8)]),
    open(OutPath, write, Out, [encoding(utf8)]),
    assertz(protocol_stream(in, In)),
    assertz(protocol_stream(out, Out)),
    open_string("", Empty),
    set_stream(Empty, alias(user_input)),
    set_stream(user_error, alias(user_output)),
    set_input(Empty),
    set_output(user_error).

%!  request(-Request) is det.
%
%   The next request, a term read from the protocol input (read as
%   data, never called); end_of_file at the end, bad_request for text
%   that is no term.

request(Request) :-
    protocol_stream(in, In),
    catch(read_term(In, Request, []), _, Request = bad_request).

%!  reply(+Nonce, +Dict) is det.
%
%   Writes Dict, with the request's nonce, as one line of JSON on the
%   protocol output.

reply(Nonce, Dict) :-
    write_note(Dict.put(nonce, Nonce)).

%!  write_note(+Dict) is det.
%
%   Writes Dict as one line of JSON on the protocol output.

write_note(Dict) :-
    protocol_stream(out, Out),
    json_write_dict(Out, Dict, [width(0)]),
    nl(Out),
    flush_output(Out).

%!  write_line(+Text) is det.
%
%   Writes Text (one line of JSON made by the caller) on the protocol
%   output.

write_line(Text) :-
    protocol_stream(out, Out),
    write(Out, Text),
    nl(Out),
    flush_output(Out).
