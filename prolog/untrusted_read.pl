:- module(arena_untrusted_read,
          [ read_untrusted_file/6,    % +File, +Options, :Step, +Quotes, ?List, ?Tail
            double_quotes_value/1     % ?Value
          ]).
:- use_module(library(option)).

/** <module> The one reader of untrusted Prolog text

A bot (prolog/bots/host_load.pl) and a game file and the files beside
it (prolog/gamefile/read.pl) are read here term by term, as data: never
consulted, no term or goal expansion, no directive run. What a term
means, and which directives run, is the caller's to decide, in Step.

    ?- read_untrusted_file('bot.pl', [module(arena_bot)], my_step,
                           string, Problems, []).
*/

:- meta_predicate
    read_untrusted_file(+, +, 5, +, ?, ?).

%!  read_untrusted_file(+File, +Options, :Step, +Quotes, ?List, ?Tail) is det.
%
%   Reads File and calls call(Step, Item, Quotes0, Quotes1, List0, List1)
%   for each Item, threading the double_quotes in force (Quotes first; a
%   step that runs set_prolog_flag(double_quotes, V) gives V) and the
%   difference list List-Tail. Item is one of
%
%     - term(Term, Line, Singletons): a term read at Line, with its
%       singleton variables as Name=Var;
%     - syntax_error(What, Line): Line 0 when not known; reading goes
%       on with the next term unless Options has syntax_errors(stop);
%     - error(Error): reading failed otherwise, and stops.
%
%   End of file (or a term `end_of_file`) ends the list. Options:
%   module(Module) (required: the operators read with), encoding(Enc)
%   (else the default encoding) and syntax_errors(continue or stop).

read_untrusted_file(File, Options, Step, Quotes, List, Tail) :-
    option(module(Module), Options),
    (   option(encoding(Encoding), Options)
    ->  Open = [encoding(Encoding)]
    ;   Open = []
    ),
    option(syntax_errors(After), Options, continue),
    setup_call_cleanup(
        open(File, read, In0, Open),
        read_string(In0, _, Text0),
        close(In0)),
    (   sub_string(Text0, _, _, _, "/*")  % else no comment to end early
    ->  string_codes(Text0, Codes0),
        iso_comments(Codes0, Codes),
        string_codes(Text, Codes)
    ;   Text = Text0
    ),
    setup_call_cleanup(
        open_string(Text, In),
        read_items(In, Module, After, Step, Quotes, List, Tail),
        close(In)).

%   iso_comments(+Codes0, -Codes): the text with each /* ... */ comment
%   blanked (its newlines kept, so lines count the same), ended at its
%   first */ as SICStus and ISO end it: SWI-Prolog's reader nests them,
%   and a comment holding `/*` would run to the end of the file. Quoted
%   text, 0'c and % comments are kept as they are.

iso_comments([], []).
iso_comments([0'/, 0'*|Cs0], [0' , 0' |Cs]) :-
    !,
    block_comment(Cs0, Cs1, Cs, Rest),
    iso_comments(Cs1, Rest).
iso_comments([0'%|Cs0], [0'%|Cs]) :-
    !,
    line_comment(Cs0, Cs1, Cs, Rest),
    iso_comments(Cs1, Rest).
iso_comments([0'0, 0''|Cs0], [0'0, 0''|Cs]) :-
    !,
    char_code_text(Cs0, Cs1, Cs, Rest),
    iso_comments(Cs1, Rest).
iso_comments([Q|Cs0], [Q|Cs]) :-
    quote(Q),
    !,
    quoted(Q, Cs0, Cs1, Cs, Rest),
    iso_comments(Cs1, Rest).
iso_comments([C|Cs0], [C|Cs]) :-
    iso_comments(Cs0, Cs).

quote(0'').
quote(0'").
quote(0'`).

%   block_comment(+In, -After, -Out, ?OutTail): In's comment up to and
%   with its first */, blanked into Out; After what follows it.
block_comment([], [], T, T).
block_comment([0'*, 0'/|Cs], Cs, [0' , 0' |T], T) :-
    !.
block_comment([C|Cs], After, [B|Out], T) :-
    (   C == 0'\n -> B = C ; B = 0'  ),
    block_comment(Cs, After, Out, T).

line_comment([], [], T, T).
line_comment([0'\n|Cs], Cs, [0'\n|T], T) :-
    !.
line_comment([C|Cs], After, [C|Out], T) :-
    line_comment(Cs, After, Out, T).

%   char_code_text: what follows 0' (one character, an escape, or '').
char_code_text([0'\\, C|Cs], Cs, [0'\\, C|T], T) :-
    !.
char_code_text([0'', 0''|Cs], Cs, [0'', 0''|T], T) :-
    !.
char_code_text([C|Cs], Cs, [C|T], T) :-
    !.
char_code_text([], [], T, T).

quoted(_, [], [], T, T).
quoted(Q, [0'\\, C|Cs], After, [0'\\, C|Out], T) :-
    !,
    quoted(Q, Cs, After, Out, T).
quoted(Q, [Q, Q|Cs], After, [Q, Q|Out], T) :-
    !,
    quoted(Q, Cs, After, Out, T).
quoted(Q, [Q|Cs], Cs, [Q|T], T) :-
    !.
quoted(Q, [C|Cs], After, [C|Out], T) :-
    quoted(Q, Cs, After, Out, T).

read_items(In, Module, After, Step, Quotes, List, Tail) :-
    catch(( read_term(In, Term,
                      [ module(Module),
                        term_position(Pos),
                        syntax_errors(error),
                        double_quotes(Quotes),
                        singletons(Singletons)
                      ]),
            (   Term == end_of_file
            ->  Item = end_of_file
            ;   stream_position_data(line_count, Pos, Line),
                Item = term(Term, Line, Singletons)
            )
          ),
          Error,
          error_item(Error, Item)),
    (   Item == end_of_file
    ->  List = Tail
    ;   call(Step, Item, Quotes, Quotes1, List, List1),
        (   (   Item = error(_)
            ;   Item = syntax_error(_, _),
                After == stop
            )
        ->  List1 = Tail
        ;   read_items(In, Module, After, Step, Quotes1, List1, Tail)
        )
    ).

error_item(error(syntax_error(What), Context), syntax_error(What, Line)) :-
    !,
    (   Context = stream(_, Line, _, _)
    ->  true
    ;   Context = file(_, Line, _, _)
    ->  true
    ;   Line = 0
    ).
error_item(Error, error(Error)).

%!  double_quotes_value(?Value) is nondet.
%
%   A value that set_prolog_flag(double_quotes, Value) may give in an
%   untrusted file.

double_quotes_value(codes).
double_quotes_value(chars).
double_quotes_value(atom).
double_quotes_value(string).
