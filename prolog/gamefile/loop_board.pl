:- module(arena_loop_board,
          [ board_answers/3,          % +Question, +Lines, -Answers
            template_answers/3,       % +Question, +Lines, -Answers
            last_n/3,                 % +N, +List, -Last
            square_example/1,         % +Question
            draws_board/1             % +Lines
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).

/** <module> Answers read from the board a question follows

A person asked "Row:" or "Choose a square (e.g. a1):" with no range
named reads the board drawn above the question: the labels beside its
rows and above its columns are what to type
(prolog/gamefile/loop_prompt.pl, for the questions of a game played
through its own loop).

    ?- board_answers("Row: ", ["1 2 3", "a | X", "b", "c | O"], As).
    As = [a, b, c].
*/

%!  board_answers(+Question, +Lines, -Answers) is semidet.
%
%   Lines are the text's lines before the question (trimmed). A question
%   that names a row (a line) gets the labels of the board's rows, one
%   that names a column those of its columns, any other (a square, a
%   cell, a position) both joined in the order of its example ("e.g.
%   a1"), else column first.

board_answers(Question, Lines, Answers) :-
    string_lower(Question, Lower),
    split_string(Lower, " \t:?()[],.!", " \t:?()[],.!", Words),
    row_labels(Lines, Rows),
    column_labels(Lines, Columns),
    (   names_one(Words, row), \+ names_one(Words, column)
    ->  Rows = [_, _|_], Labels = Rows
    ;   names_one(Words, column), \+ names_one(Words, row)
    ->  Columns = [_, _|_], Labels = Columns
    ;   \+ square_example(Question),       % "Row?", then "Empty space?": the column
        asked_just_before(Lines, Kind)
    ->  (   Kind == row -> Columns = [_, _|_], Labels = Columns
        ;   Rows = [_, _|_], Labels = Rows
        )
    ;   Rows = [_, _|_], Columns = [_, _|_],
        (   example_first(Lower, Rows, Columns, First)
        ->  true
        ;   First = column
        ),
        kept_squares(Question, Lines, Kept),
        findall(L, ( member(C, Columns), member(R, Rows), call(Kept, C, R),
                     (   First == column -> atom_concat(C, R, L) ; atom_concat(R, C, L) ) ),
                Labels)
    ),
    cased(Lines, Labels, Answers).

%!  kept_squares(+Question, +Lines, -Kept) is det.
%
%   Kept is called as call(Kept, Column, Row) on the board's labels
%   (lower case): where the question, or the line before it, asks for a
%   piece ("Which piece would you like to move?", "Please select the
%   piece you wish to move."), the squares of the board drawn last that
%   hold one; else every square.

kept_squares(Question, Lines, Kept) :-
    (   asks_a_piece(Question, Lines),
        piece_cells(Lines, Cells),
        Cells = [_|_]
    ->  Kept = holds_one(Cells)
    ;   Kept = any_square
    ).

holds_one(Cells, C, R) :-
    memberchk(C-R, Cells).

any_square(_, _).

asks_a_piece(Question, Lines) :-
    (   append(_, [Before, Last], Lines), Last == Question -> true ; Before = "" ),
    atomic_list_concat([Before, ' ', Question], Both),
    string_lower(Both, Lower),
    split_string(Lower, " \t:?()[],.!'", " \t:?()[],.!'", Words),
    once(( member(P, ["piece", "pieces", "peça", "peca", "pawn", "stone", "checker"]),
           memberchk(P, Words) )),
    \+ ( member(W, ["where", "destination", "place", "put", "onde", "destino", "colocar"]),
         memberchk(W, Words) ),
    \+ sub_string(Lower, _, _, _, "it to").   % "move it to"


%   piece_cells(+Lines, -Cells): C-R for each square of the board drawn
%   last (its header of column labels, then rows that begin with their
%   labels, to the next header) that holds a mark: its cells between
%   bars ("1 | O | X |   |"), or else its words, one a cell ("1 O . X .").
piece_cells(Lines, Cells) :-
    findall(Columns-After, ( append(_, [Header|After], Lines),
                             column_labels([Header], Columns),
                             Columns = [_, _, _|_] ),
            Boards),
    reverse(Boards, Latest),
    member(Columns-After, Latest),
    (   append(Rows, [L|_], After), column_labels([L], [_, _, _|_])
    ->  true                            % to the next header (one below the
    ;   Rows = After                    % board, its labels again, has none)
    ),
    length(Columns, N),
    findall(C-R, ( member(Line, Rows), first_label(Line, R),
                   row_cells(Line, R, N, Marks),
                   nth1(I, Marks, true), nth1(I, Columns, C) ),
            Cells),
    Cells = [_|_],
    !.

%   row_cells(+Line, +R, +N, -Marks): true or false for each of the N
%   cells after the row's label R (those its end lost where it was
%   trimmed of its spaces and bars, empty; R written again after them,
%   "4 | Ab |    | 4", no cell).
row_cells(Line, R, N, Marks) :-
    (   sub_string(Line, _, _, _, "|")
    ->  split_string(Line, "|", "", [_|Parts1]),
        (   append(Parts2, [Last], Parts1),   % the bar that closes the row
            split_string(Last, "", " \t", [""])
        ->  true
        ;   Parts2 = Parts1
        )
    ;   split_string(Line, " \t", " \t", Words0),
        exclude(==(""), Words0, [_|Parts2])
    ),
    (   length(Parts2, K2), K2 =:= N + 1,
        append(Parts0, [End], Parts2),
        split_string(End, "", " \t", [Bare]), string_lower(Bare, Lower),
        atom_string(R, Lower)
    ->  true
    ;   Parts0 = Parts2
    ),
    length(Parts0, K),
    K >= 1, K =< N,
    Pad is N - K,                       % the empty cells a trimmed line lost
    length(Empty, Pad), maplist(=(""), Empty),
    append(Parts0, Empty, Parts),
    maplist(marked, Parts, Marks).

marked(Cell, Mark) :-
    split_string(Cell, "", " \t-_.:+·", [Bare]),
    (   Bare == "" -> Mark = false
    ;   string_lower(Bare, L), memberchk(L, ["empty", "e", "0"]) -> Mark = false
    ;   Mark = true
    ).

%   cased(+Lines, +Labels, -Answers): letters as the board writes them
%   (read/1 reads 'A' typed so, "A1" a square); another case is no move
%   a person sees.
cased(Lines, Labels, Answers) :-
    (   member(Line, Lines),
        split_string(Line, " \t|", " \t|", Parts0),
        exclude(==(""), Parts0, Parts),
        ( Parts = [P|_] ; column_labels([Line], [_|_]), member(P, Parts) ),
        string_length(P, 1), string_code(1, P, C), code_type(C, upper),
        downcase_atom(P, L),
        ( row_labels(Lines, Ls) ; column_labels(Lines, Ls) ),
        memberchk(L, Ls)
    ->  maplist(upcase_atom, Labels, Answers)
    ;   Answers = Labels
    ).

%!  template_answers(+Question, +Lines, -Answers) is semidet.
%
%   A move asked in a form the question shows ("(format: [Col,Row])",
%   "as X-Y"): the form filled with the board's labels (columns and
%   rows), else with 1 to 8, in the form's brackets and separator.

template_answers(Question, Lines, Answers) :-
    string_lower(Question, Lower),
    form(Lower, O, C, Sep, K1, K2),
    !,
    labels_of(K1, Lines, L10),
    labels_of(K2, Lines, L20),
    (   O == ''                         % read as a line: as the board writes them
    ->  cased(Lines, L10, L1), cased(Lines, L20, L2)
    ;   L1 = L10, L2 = L20              % a term: lower case reads as atoms
    ),
    kept_squares(Question, Lines, Kept),
    findall(Ans, ( nth1(I, L1, P), nth1(J, L2, Q),
                   nth1(I, L10, P0), nth1(J, L20, Q0),
                   (   K1 == column -> call(Kept, P0, Q0) ; call(Kept, Q0, P0) ),
                   atomic_list_concat([O, P, Sep, Q, C], Ans) ), Answers0),
    (   length(Answers, 200), append(Answers, _, Answers0) -> true ; Answers = Answers0 ).

%   form(+Lower, -Open, -Close, -Sep, -Kind1, -Kind2): the form a question
%   shows for a move: a row and a column in brackets ("[Col,Row]"), or
%   joined without a space ("in this format Column-Row").
form(Lower, O, C, Sep, K1, K2) :-
    string_codes(Lower, Cs),
    append(_, [Open|Rest], Cs), memberchk(Open-Close, [0'[-0'], 0'(-0')]),
    append(Inside, [Close|_], Rest),
    \+ ( member(X, Inside), memberchk(X, `()[]`) ),
    string_codes(In, Inside),
    member(Sep, [",", "-", "/", " "]),
    split_string(In, Sep, " ", [A, B]),
    kind_word(K1, A), kind_word(K2, B), K1 \== K2,
    atom_codes(O, [Open]), atom_codes(C, [Close]).
form(Lower, '', '', Sep, K1, K2) :-
    split_string(Lower, " \t:?!;", " \t:?!;.", Tokens),
    member(T, Tokens),
    member(Sep, ["-", "/"]),
    split_string(T, Sep, "", [A, B]),
    kind_word(K1, A), kind_word(K2, B), K1 \== K2.

labels_of(Kind, Lines, Labels) :-
    (   Kind == row -> row_labels(Lines, Ls) ; column_labels(Lines, Ls) ),
    (   Ls = [_, _|_] -> Labels = Ls ; numlist(1, 8, Labels) ).

%   asked_just_before(+Lines, -Kind): one of the three lines before the
%   question (the last of Lines) names a row and not a column, or the
%   other way round: the question that asked it.
asked_just_before(Lines, Kind) :-
    append(Before, [_], Lines),
    nearest(3, Before, Three),
    member(Line, Three),
    string_lower(Line, Lower),
    split_string(Lower, " \t:?()[],.!", " \t:?()[],.!", Words),
    (   names_one(Words, row), \+ names_one(Words, column) -> Kind = row
    ;   names_one(Words, column), \+ names_one(Words, row) -> Kind = column
    ),
    !.

%   nearest(+N, +Lines, -Close): the last N of Lines (or all), the last
%   first.
nearest(N, Lines, Close) :-
    last_n(N, Lines, Last),
    reverse(Last, Close).

%!  last_n(+N, +List, -Last) is det.
%
%   The last N elements of List, or all of it.

last_n(N, List, Last) :-
    length(List, Len),
    (   Len =< N -> Last = List ; Skip is Len - N, length(Pre, Skip), append(Pre, Last, List) ).

%!  square_example(+Question) is semidet.
%
%   Question shows a square as an example ("e.g. a1", "(ex: 3B)").

square_example(Question) :-
    string_lower(Question, Lower),
    split_string(Lower, " \t:?()[],!", " \t:?()[],!", Tokens),
    member(T, Tokens),
    string_codes(T, [A, B]),
    (   code_type(A, alpha), code_type(B, digit)
    ;   code_type(A, digit), code_type(B, alpha)
    ),
    !.

names_one(Words, Kind) :-
    member(W, Words),
    kind_word(Kind, W),
    !.

kind_word(row, W) :- memberchk(W, ["row", "rows", "line", "lines", "linha", "lin", "y", "fila"]).
kind_word(column, W) :- memberchk(W, ["column", "columns", "col", "coluna", "x"]).

%   example_first(+Lower, +Rows, +Columns, -First): the question's example
%   of a square ("e.g. a1", "(ex: 3B)"): a column's label first, or a row's.
example_first(Lower, Rows, Columns, First) :-
    split_string(Lower, " \t:?()[],!", " \t:?()[],!", Tokens),
    member(T, Tokens),
    string_length(T, 2),
    sub_atom(T, 0, 1, _, A), sub_atom(T, 1, 1, _, B),
    (   memberchk(A, Columns), memberchk(B, Rows) -> First = column
    ;   memberchk(A, Rows), memberchk(B, Columns) -> First = row
    ),
    !.

%!  draws_board(+Lines) is semidet.
%
%   Lines draw a board: three or more rows or columns labelled in order.

draws_board(Lines) :-
    (   row_labels(Lines, [_, _, _|_]) -> true
    ;   column_labels(Lines, [_, _, _|_])
    ).

%   row_labels(+Lines, -Labels): the labels that begin (or else end)
%   three or more lines in a row of the last board, in order (a, b, c,
%   ... or 1, 2, 3, ..., or down from the top: 6, 5, 4, ...), lower case.
row_labels(Lines, Labels) :-
    findall(L, ( member(Line, Lines), first_label(Line, L) ), Firsts),
    longest_run(Firsts, ByFirst),
    findall(L, ( member(Line, Lines), last_label(Line, L) ), Lasts),
    longest_run(Lasts, ByLast),
    length(ByFirst, NF),
    length(ByLast, NL),
    (   NL > NF -> Labels = ByLast ; Labels = ByFirst ).

first_label(Line, Label) :-
    split_string(Line, " \t|", " \t|", [First|_]),
    label(First, Label).

last_label(Line, Label) :-
    split_string(Line, " \t|", " \t|", Parts),
    last(Parts, Last),
    label(Last, Label).

%   column_labels(+Lines, -Labels): the last line that is only labels in
%   order, three or more (the board's header).
column_labels(Lines, Labels) :-
    reverse(Lines, Back),
    member(Line, Back),
    split_string(Line, " \t|", " \t|", Parts0),
    exclude(==(""), Parts0, Parts),
    Parts = [_, _, _|_],
    maplist(label, Parts, Labels),
    in_order(Labels),
    !.
column_labels(_, []).

label(Text, Label) :-
    string_length(Text, Len),
    Len >= 1, Len =< 2,
    (   number_string(N, Text), integer(N), N >= 0
    ->  atom_number(Label, N)
    ;   Len == 1, string_code(1, Text, C), code_type(C, alpha)
    ->  string_lower(Text, Lower), atom_string(Label, Lower)
    ).

%   longest_run(+Labels, -Run): the longest run of three or more labels
%   in order among Labels (the last where two are as long).
longest_run(Labels, Run) :-
    findall(N-R, ( append(_, Suffix, Labels), append(R, _, Suffix),
                   R = [_, _, _|_],
                   ( in_order(R) ; reverse(R, Up), in_order(Up) ),   % 6, 5, ... 1 too
                   length(R, N) ), Runs),
    Runs \== [],
    !,
    max_member(_-Run, Runs).
longest_run(_, []).

in_order([_]).
in_order([A, B|T]) :-
    next_label(A, B),
    in_order([B|T]).

next_label(A, B) :-
    (   atom_number(A, N), atom_number(B, M)
    ->  M =:= N + 1
    ;   atom_codes(A, [CA]), atom_codes(B, [CB]), CB =:= CA + 1
    ).
