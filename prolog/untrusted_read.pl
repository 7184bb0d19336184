:- module(arena_untrusted_read,
          [ read_untrusted_file/6,    % +File, +Options, :Step, +Quotes, ?List, ?Tail
            double_quotes_value/1     % ?Value
          ]).
:- use_module(library(option)).
:- use_module(library(lists)).
:- use_module(library(dcg/basics), [blanks//0, eos//0]).

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
    (   (   sub_string(Text0, _, _, _, "/*")    % else no comment to end early
        ;   sub_string(Text0, _, _, _, "\\")    % nor an escape to read as SICStus
        )
    ->  string_codes(Text0, Codes0),
        iso_comments(Codes0, Codes),
        string_codes(Text, Codes)
    ;   Text = Text0
    ),
    setup_call_cleanup(
        open_string(Text, In),
        read_items(In, Text, Module, After, Step, Quotes, List, Tail),
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
quoted(Q, [0'\\, C|Cs0], After, Out0, T) :-
    !,
    escape(C, Cs0, Cs, Out0, Out),
    quoted(Q, Cs, After, Out, T).
quoted(Q, [Q, Q|Cs], After, [Q, Q|Out], T) :-
    !,
    quoted(Q, Cs, After, Out, T).
quoted(Q, [Q|Cs], Cs, [Q|T], T) :-
    !.
quoted(Q, [C|Cs], After, [C|Out], T) :-
    quoted(Q, Cs, After, Out, T).

%   escape(+C, +In, -After, -Out, ?Tail): the escape \C as SWI-Prolog
%   reads what SICStus reads: a numeric one whole (its closing \ too),
%   \ and a space or tab dropped (SICStus ignores the layout character),
%   \ and a symbol no escape starts with as the symbol alone ('\|').
escape(C, Cs0, Cs, [0'\\, C|Out], T) :-
    (   code_type(C, digit(W)), W < 8 ; C == 0'x ),
    !,
    numeric_escape(Cs0, Cs, Out, T).
escape(C, Cs, Cs, T, T) :-
    ( C == 0'  ; C == 0'\t ),
    !.
escape(C, Cs, Cs, [C|T], T) :-
    code_type(C, punct),
    \+ memberchk(C, `\\'"\`^`),
    !.
escape(C, Cs, Cs, [0'\\, C|T], T).

numeric_escape([C|Cs0], Cs, [C|Out], T) :-
    code_type(C, xdigit(_)),
    !,
    numeric_escape(Cs0, Cs, Out, T).
numeric_escape([0'\\|Cs], Cs, [0'\\|T], T) :-
    !.
numeric_escape(Cs, Cs, T, T).

read_items(In, Text, Module, After, Step, Quotes, List, Tail) :-
    character_count(In, Start),
    line_count(In, Line0),
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
          (   read_again(In, Text, Start, Line0, Module, Quotes, Item)
          ->  true
          ;   error_item(Error, Item)
          )),
    (   Item == end_of_file
    ->  List = Tail
    ;   call(Step, Item, Quotes, Quotes1, List, List1),
        (   (   Item = error(_)
            ;   Item = syntax_error(_, _),
                After == stop
            )
        ->  List1 = Tail
        ;   read_items(In, Text, Module, After, Step, Quotes1, List1, Tail)
        )
    ).

%   read_again(+In, +Text, +Start, +Line0, +Module, +Quotes, -Item): the
%   term that failed to read from Start, read again as SICStus reads
%   it: a prefix operator with no operand (`initialization :- Body`,
%   `go :- initialization, ...`) is an atom there, not in SWI-Prolog.

read_again(In, Text, Start, Line0, Module, Quotes, term(Term, Line, Singletons)) :-
    character_count(In, End),
    End > Start,
    Length is End - Start,
    sub_string(Text, Start, Length, _, Clause),
    string_codes(Clause, Codes),
    atoms_of_ops(Codes, Module, Codes1, false, Changed),
    Changed == true,
    string_codes(Again, Codes1),
    catch(term_string(Term, Again, [ module(Module), syntax_errors(error),
                                     double_quotes(Quotes), singletons(Singletons) ]),
          _, fail),
    Term \== end_of_file,
    leading_lines(Codes, Line0, Line).

leading_lines([0'%|Cs0], L0, L) :-              % a line comment before the term
    !,
    (   append(_, [0'\n|Cs], Cs0)
    ->  L1 is L0 + 1,
        leading_lines(Cs, L1, L)
    ;   L = L0
    ).
leading_lines([C|Cs], L0, L) :-
    code_type(C, space),
    !,
    (   C == 0'\n -> L1 is L0 + 1 ; L1 = L0 ),
    leading_lines(Cs, L1, L).
leading_lines(_, L, L).

%   atoms_of_ops(+Codes, +Module, -Codes1, +Changed0, -Changed): Codes
%   with each prefix operator that no operand follows (an infix
%   operator, a comma, a bar, a closing bracket or the end) in
%   parentheses; quoted text and % comments left as they are.
atoms_of_ops([], _, [], C, C).
atoms_of_ops([Q|Cs0], M, [Q|Cs], C0, C) :-
    memberchk(Q, [0'', 0'", 0'`]),
    !,
    quoted_codes(Q, Cs0, Cs, After, Rest),
    atoms_of_ops(After, M, Rest, C0, C).
atoms_of_ops([0'0, 0''|Cs0], M, [0'0, 0''|Cs], C0, C) :-
    !,
    atoms_of_ops(Cs0, M, Cs, C0, C).
atoms_of_ops([0'%|Cs0], M, [0'%|Cs], C0, C) :-
    !,
    (   append(Comment, [0'\n|After], Cs0)
    ->  append(Comment, [0'\n|Rest], Cs),
        atoms_of_ops(After, M, Rest, C0, C)
    ;   Cs = Cs0,
        C = C0
    ).
atoms_of_ops([X|Cs0], M, Out, C0, C) :-
    code_type(X, csym),
    !,
    name_tail(Cs0, Tail, After),
    Word = [X|Tail],
    (   code_type(X, lower),
        atom_codes(Name, Word),
        current_op(_, Type, M:Name),
        memberchk(Type, [fx, fy]),
        no_operand(After)
    ->  append([0'(|Word], [0')|Rest], Out),
        C1 = true
    ;   append(Word, Rest, Out),
        C1 = C0
    ),
    atoms_of_ops(After, M, Rest, C1, C).
atoms_of_ops([X|Cs0], M, [X|Cs], C0, C) :-
    atoms_of_ops(Cs0, M, Cs, C0, C).

name_tail([C|Cs], [C|T], After) :-
    code_type(C, csym),
    !,
    name_tail(Cs, T, After).
name_tail(Cs, [], Cs).

%   quoted_codes(+Q, +In, -Out, -After, ?OutTail): quoted text up to
%   and with its closing Q copied from In to Out; After what follows.
quoted_codes(_, [], Rest, [], Rest).
quoted_codes(Q, [0'\\, X|Cs0], [0'\\, X|Cs], After, Rest) :-
    !,
    quoted_codes(Q, Cs0, Cs, After, Rest).
quoted_codes(Q, [Q, Q|Cs0], [Q, Q|Cs], After, Rest) :-
    !,
    quoted_codes(Q, Cs0, Cs, After, Rest).
quoted_codes(Q, [Q|After], [Q|Rest], After, Rest) :-
    !.
quoted_codes(Q, [X|Cs0], [X|Cs], After, Rest) :-
    quoted_codes(Q, Cs0, Cs, After, Rest).

no_operand(After) :-
    phrase((blanks, no_operand_start), After, _).

no_operand_start --> ":-".
no_operand_start --> "-->".
no_operand_start --> "->".
no_operand_start --> ",".
no_operand_start --> ";".
no_operand_start --> "|".
no_operand_start --> ")".
no_operand_start --> "]".
no_operand_start --> "}".
no_operand_start --> "=".
no_operand_start --> ".", ( [C], { code_type(C, space) } ; eos ).

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
