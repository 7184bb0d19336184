:- module(arena_bot_text,
          [ error_text/2,             % +Error, -Text
            syntax_text/2,            % +What, -Text
            problem_lines/2           % +Problems, -Lines
          ]).

/** <module> Text made from a bot's data

Written here, calling no hook and never through message translation
(which could run goals that an error term carries), and bounded.
*/

:- reexport('../term_text', [bounded_text/2]).

%!  error_text(+Error, -Text) is det.
%
%   Error as one line of text, written here (never through message
%   translation, which could run goals the error carries).

error_text(Error, Text) :-
    (   var(Error)
    ->  Text = "an unbound exception"
    ;   Error = error(Formal, _),
        nonvar(Formal),
        formal_text(Formal, Text0)
    ->  Text = Text0
    ;   Error = error(Formal, _)
    ->  bounded_text(Formal, F),
        format(string(Text), "error ~s", [F])
    ;   bounded_text(Error, E),
        format(string(Text), "uncaught exception ~s", [E])
    ).

formal_text(instantiation_error, "instantiation error: an argument is unbound").
formal_text(type_error(Type, Value), Text) :-
    bounded_text(Type, T), bounded_text(Value, V),
    format(string(Text), "type error: ~s expected, found ~s", [T, V]).
formal_text(domain_error(Domain, Value), Text) :-
    bounded_text(Domain, D), bounded_text(Value, V),
    format(string(Text), "domain error: ~s expected, found ~s", [D, V]).
formal_text(existence_error(procedure, PI), Text) :-
    !,
    bounded_text(PI, P),
    format(string(Text), "unknown procedure ~s", [P]).
formal_text(existence_error(Kind, What), Text) :-
    bounded_text(Kind, K), bounded_text(What, W),
    format(string(Text), "~s ~s does not exist", [K, W]).
formal_text(permission_error(Action, Type, Culprit), Text) :-
    bounded_text(Action, A), bounded_text(Type, T), bounded_text(Culprit, C),
    format(string(Text), "no permission to ~s ~s ~s", [A, T, C]).
formal_text(representation_error(What), Text) :-
    bounded_text(What, W),
    format(string(Text), "cannot represent ~s", [W]).
formal_text(evaluation_error(What), Text) :-
    bounded_text(What, W),
    format(string(Text), "arithmetic: evaluation error: ~s", [W]).
formal_text(resource_error(What), Text) :-
    bounded_text(What, W),
    format(string(Text), "not enough resources: ~s", [W]).
formal_text(syntax_error(What), Text) :-
    syntax_text(What, Text).

%!  syntax_text(+What, -Text) is det.
%
%   A syntax error's message, as one line.

syntax_text(What, Text) :-
    (   atom(What)
    ->  atomic_list_concat(Words, '_', What),
        atomic_list_concat(Words, ' ', Plain)
    ;   bounded_text(What, Plain)
    ),
    format(atom(Text), "syntax error: ~w", [Plain]).

%!  problem_lines(+Problems, -Lines) is det.
%
%   Problems (Line-Text, sorted) as lines of text, at most 20 and a
%   count of the rest.

problem_lines(Problems, Lines) :-
    maplist(problem_line, Problems, Lines0),
    length(Lines0, N),
    (   N > 20
    ->  length(First, 20),
        append(First, _, Lines0),
        Extra is N - 20,
        format(atom(More), "and ~D more problems", [Extra]),
        append(First, [More], Lines)
    ;   Lines = Lines0
    ).

problem_line(0-Text, Text) :-
    !.                                  % green: no line to name
problem_line(Line-Text, Out) :-
    format(atom(Out), "line ~w: ~w", [Line, Text]).
