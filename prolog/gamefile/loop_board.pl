:- module(arena_loop_board,
          [ board_answers/3,          % +Question, +Lines, -Answers
            listed_moves/2,           % +Lines, -Moves
            asks_a_move/1,            % +Question
            listed_parts/3,           % +Question, +Lines, -Parts
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
    ->  Kept = [C, R]>>memberchk(C-R, Cells)
    ;   Kept = [_, _]>>true
    ).

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
%   labels) that holds a mark: its cells between bars ("1 | O | X |   |"),
%   or else its words, one a cell ("1 O . X .").
piece_cells(Lines, Cells) :-
    append(_, [Header|Rows], Lines),
    column_labels([Header], Columns),
    Columns = [_, _, _|_],
    \+ ( member(L, Rows), column_labels([L], [_, _, _|_]) ),   % the last header
    !,
    length(Columns, N),
    findall(C-R, ( member(Line, Rows), first_label(Line, R),
                   row_cells(Line, N, Marks),
                   nth1(I, Marks, true), nth1(I, Columns, C) ),
            Cells).

%   row_cells(+Line, +N, -Marks): true or false for each of the N cells
%   after the row's label (those its end lost where it was trimmed of
%   its spaces and bars, empty).
row_cells(Line, N, Marks) :-
    (   sub_string(Line, _, _, _, "|")
    ->  split_string(Line, "|", "", [_|Parts1]),
        (   append(Parts0, [Last], Parts1),   % the bar that closes the row
            split_string(Last, "", " \t", [""])
        ->  true
        ;   Parts0 = Parts1
        )
    ;   split_string(Line, " \t", " \t", Words0),
        exclude(==(""), Words0, [_|Parts0])
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

%!  listed_moves(+Lines, -Moves) is semidet.
%
%   The moves the loop lists just above a person's question ("Valid
%   Moves: [a1, b2, c3]", "Available plays: 2-7-left 3-8-left"), each as
%   it is written: what to type.

listed_moves(Lines, Moves) :-
    listed_moves(Lines, Moves, _).

%   asks_a_move(+Question): the question asks for a move, a piece or a
%   square (which the moves listed above it answer).
asks_a_move(Question) :-
    string_lower(Question, Lower),
    once(( member(W, ["move", "play", "jogada", "movimento", "piece", "peça", "peca", "position",
                      "posição", "square", "cell", "casa"]),
           sub_string(Lower, _, _, _, W) )).

%   listed_moves(+Lines, -Moves, -After): After the lines below the list.
listed_moves(Lines, Moves, After) :-
    last_n(60, Lines, Last),
    nth1(Ix, Last, Line),
    string_lower(Line, Lower),
    member(Key, ["valid moves", "possible moves", "available moves", "legal moves",
                 "available plays", "possible plays", "valid plays", "jogadas"]),
    sub_string(Lower, B, KL, _, Key),
    \+ ( nth1(J, Last, L2), J > Ix, string_lower(L2, Low2),  % the last such line
         sub_string(Low2, _, _, _, Key) ),
    !,
    Start is B + KL,
    sub_string(Line, Start, _, 0, Rest0),
    string_codes(Rest0, Codes0),        % "[Valid Moves]: [...]": the key's own
    drop_front(Codes0, `])`, Codes1),   % bracket closed before the list
    string_codes(Rest1, Codes1),
    split_string(Rest1, "", " \t:=-", [Rest]),
    string_codes(Rest, Codes),
    length(Above, Ix), append(Above, Below, Last),
    (   Codes = [0'[|Inside0]
    ->  closed(Inside0, 1, Inside),
        top_level_items(Inside, Items),
        After = Below
    ;   Rest == ""                      % one a line below it: "1-6", "2-3-left"
    ->  one_a_line(Below, Items),
        length(Items, NL), length(Skip, NL), append(Skip, After, Below)
    ;   split_string(Rest, " \t,;", " \t,;", Items0),
        exclude(==(""), Items0, Items),
        After = Below
    ),
    !,
    moves_of(Items, Moves).
listed_moves(Lines, Moves, After) :-    % a list alone on one of the last
    last_n(3, Lines, Last),             % lines, under the words that say
    append(_, [Line|After], Last),      % what it lists ("... that you can
    split_string(Line, "", " \t", [Bare]), % choose to move:")
    string_codes(Bare, [0'[|Inside0]),
    closed(Inside0, 1, Inside),
    length(Inside0, N0), length(Inside, N), N0 =:= N + 1,
    top_level_items(Inside, Items),
    Items = [_|_],
    \+ rows_of_a_board(Items),
    !,
    moves_of(Items, Moves).

moves_of(Items, Moves) :-
    length(Items, NI),
    NI >= 1, NI =< 200,
    forall(member(It, Items), ( string_length(It, IL), IL =< 20 )),
    maplist([It, M]>>atom_string(M, It), Items, Moves0),
    list_to_set(Moves0, Moves).

%   rows_of_a_board(+Items): a board written as a list of its rows, each
%   a list as long as the others and three or more long.
rows_of_a_board([Item|Items]) :-
    row_length(Item, N),
    N >= 3,
    forall(member(I, Items), row_length(I, N)).

row_length(Item, N) :-
    string_codes(Item, [0'[|Inside0]),
    closed(Inside0, 1, Inside),
    top_level_items(Inside, Cells),
    length(Cells, N).

drop_front([C|Cs], Set, Rest) :-
    memberchk(C, Set),
    !,
    drop_front(Cs, Set, Rest).
drop_front(Cs, _, Cs).

%!  listed_parts(+Question, +Lines, -Parts) is semidet.
%
%   Where the loop lists the moves ("Available plays: 2-7-left 3-8-up")
%   and then asks for one part of a move ("Insert the row number:"), that
%   part of each: the first number of each move for a row, the second
%   for a column, the first word for a direction.

listed_parts(Question, Lines, Parts) :-
    string_lower(Question, Lower),
    (   member(W-Kind, ["row"-1, "line"-1, "linha"-1, "column"-2, "col"-2, "coluna"-2,
                        "direction"-word, "dire"-word, "side"-word, "lado"-word]),
        sub_string(Lower, _, _, _, W)
    ->  true
    ),
    listed_moves(Lines, Moves, After),
    maplist(move_parts, Moves, Split0),
    Split0 = [_, _|_],
    forall(member(Ps, Split0), ( length(Ps, K), K >= 2 )),
    findall(T, ( member(L, After), typed_part(L, T) ), Typed),  % its parts typed so far
    (   include(starts_with(Typed), Split0, Split), Split \== [] -> true ; Split = Split0 ),
    findall(A, ( member(Ps, Split), once(part(Kind, Ps, P)), atom_string(A, P) ), As),
    list_to_set(As, Parts),
    Parts = [_|_].

%   typed_part(+Line, -Typed): an answer shown below the list, alone
%   ("4.") or after its question ("Row: 4.").
typed_part(Line, Typed) :-
    (   sub_string(Line, B, 2, _, ": "), \+ ( sub_string(Line, B2, 2, _, ": "), B2 > B )
    ->  sub_string(Line, B, _, 0, Tail0), sub_string(Tail0, 2, _, 0, Tail)
    ;   Tail = Line
    ),
    split_string(Tail, "", " \t.", [Typed]),
    Typed \== "",
    \+ sub_string(Typed, _, _, _, " ").

move_parts(Move, Parts) :-
    split_string(Move, "-,/ ()[]", "-,/ ()[]", Parts0),
    exclude(==(""), Parts0, Parts).

starts_with(Typed, Ps) :-
    append(Typed, _, Ps).

part(word, Ps, P) :-
    member(P, Ps), \+ number_string(_, P), !.
part(N, Ps, P) :-
    integer(N),
    include([X]>>number_string(_, X), Ps, Numbers),
    nth1(N, Numbers, P).

one_a_line([Line|Lines], [Item|Items]) :-
    split_string(Line, "", " \t", [Item]),
    Item \== "",
    \+ sub_string(Item, _, _, _, " "),
    string_codes(Item, Cs), memberchk(C, Cs), code_type(C, digit),
    !,
    one_a_line(Lines, Items).
one_a_line(_, []).

%   closed(+Codes, +Depth, -Inside): the codes before the bracket that
%   closes one opened Depth deep.
closed([C|Cs], D0, Inside) :-
    depth(C, D0, D),
    (   D =:= 0
    ->  Inside = []
    ;   Inside = [C|Inside1],
        closed(Cs, D, Inside1)
    ).

%   top_level_items(+Codes, -Items): the text between the commas of a
%   list's inside that no bracket holds, each trimmed.
top_level_items(Codes, Items) :-
    items(Codes, 0, [], Items0),
    maplist(item_text, Items0, Items1),
    exclude(==(""), Items1, Items).

item_text(Codes, Item) :-
    string_codes(S, Codes),
    split_string(S, "", " ", [Item]).

items([], _, Acc, [Item]) :-
    reverse(Acc, Item).
items([0',|Cs], 0, Acc, [Item|Items]) :-
    !,
    reverse(Acc, Item),
    items(Cs, 0, [], Items).
items([C|Cs], D0, Acc, Items) :-
    depth(C, D0, D1),
    D is max(0, D1),
    items(Cs, D, [C|Acc], Items).

%   depth(+Code, +Depth0, -Depth): brackets open and close.
depth(C, D0, D) :-
    (   memberchk(C, `([{`) -> D is D0 + 1
    ;   memberchk(C, `)]}`) -> D is D0 - 1
    ;   D = D0
    ).

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
