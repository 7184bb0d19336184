:- module(arena_loop_listed,
          [ listed_moves/2,           % +Lines, -Moves
            asks_a_move/1,            % +Question
            listed_parts/3,           % +Question, +Lines, -Parts
            listed_words/2            % +Question, -Options
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module(loop_board, [last_n/3]).
:- use_module(loop_numbers, [bracketed/2]).

/** <module> Moves a loop lists above a person's question

A game played through its own loop (prolog/gamefile/loop_prompt.pl) often
writes the valid moves before it asks for one ("Valid moves: [a1, b2]",
or a list alone on a line): those are what to type, as written, or the
part of each that a question for one part of a move asks.
*/

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

%   listed_words(+Question, -Options): the words a bracket lists, such
%   as "{orange, blue, gray}", "(easy/hard)", "(left or up-right)"; modes
%   that name both players ("(H/H, H/PC, PC/PC)") kept whole.
listed_words(Question, Options) :-
    bracketed(Question, Inside0),
    atomic_list_concat(Ws, ' or ', Inside0), atomic_list_concat(Ws, ',', Inside),
    (   split_string(Inside, ",", " ", Pairs0),
        exclude(==(""), Pairs0, Parts),
        Parts = [_, _|_],
        forall(member(P, Parts), ( split_string(P, "/", "", [A, B]), words_part(A),
                                   words_part(B) ))
    ->  true
    ;   split_string(Inside, ",/|", " ", Parts0),
        exclude(==(""), Parts0, Parts),
        Parts = [_, _|_],
        forall(member(P, Parts), words_part(P))
    ),
    findall(K-P, ( member(P, Parts), atom_string(K, P) ), Options),
    !.

words_part(P) :-
    string_codes(P, [C0|Cs]),
    code_type(C0, alpha),
    forall(member(Ch, Cs), ( code_type(Ch, alpha) ; Ch == 0'- )).
