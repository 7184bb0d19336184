:- module(arena_loop_prompt,
          [ prompt_answers/2,         % +Prompt, -Answers
            prompt_answers/3,         % +Prompt, +Before, -Answers
            prompt_asks/1,            % +Prompt
            machine_option/2,         % +Prompt, ?Key
            menu_options/2,           % +Prompt, -Options
            no_digits/2               % +Text, -Shape
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module(library(yall)).
:- use_module(loop_words, [asked_line/1, asked_last/1, question_of/2, option_rank/2,
                            leaves/2, not_leaving/3, coded_options/2, letter_range/2,
                            yes_no_question/1, label_words/2, roles_named/2,
                            machine_label/1, quoted_words/2]).
:- use_module(loop_numbers, [numbers_asked/3, range_asked/1, range_over_keys/2, square_part/1]).
:- use_module(loop_listed, [listed_moves/2, asks_a_move/1, listed_parts/3,
                            listed_words/2]).
:- use_module(loop_board, [board_answers/3, last_n/3, square_example/1, template_answers/3]).
:- use_module(loop_seen, [seen_or/4]).

/** <module> Answers to a course game's questions, read from its prompt

A game played through its own loop (prolog/gamefile/loop_drive.pl) asks
its menu's questions: a mode, a level, a board size, whether to play
again. Here the text it wrote since it last read is read as a person
would: the numbered options of the last menu (computer against computer
at the easiest level first, leaving last), else the moves it lists, else
the numbers or range the question names (the smallest first), else yes
or no. The answers come in the order to try them.
*/

%!  prompt_answers(+Prompt, -Answers) is det: Answers (atoms, at least
%   one) to the question the text Prompt ends with, best first.
prompt_answers(Prompt, Answers) :-
    prompt_answers(Prompt, "", Answers).

%!  prompt_answers(+Prompt, +Before, -Answers) is det: as prompt_answers/2,
%   Before the text of the question before it (a title such as "Board
%   size" that a question asked anew no longer shows, or shows only then).
prompt_answers(Prompt, Before, Answers) :-
    text_lines(Prompt, Plain, Lines),
    (   Lines = [_, _, _|_]
    ->  Context = Lines
    ;   text_lines(Before, _, Earlier), append(Earlier, Lines, Context)
    ),
    (   question_of(Lines, Question),       % before a legend above the list
        asks_a_move(Question),              % ("Player 1's pieces are X")
        text_lines(Before, _, Earlier),     % above a refusal too
        append(Earlier, Lines, Whole),
        listed_moves(Whole, Listed)
    ->  Answers = Listed                    % the moves it lists, as written
    ;   (   listed(Lines, Options)
        ;   (   seat_after_seat(Lines, Context) % "Black:" alone, after "White:" and
            ;   asked_of_the_next(Lines, Context)   % the legend of the player types
            ),
            listed(Context, Options)
        ),
        \+ range_over_keys(Lines, Options)  % "Hexagon between 1 and 7:" under a legend
    ->  staying(Options, Keys),
        both_players(Plain, Keys, Answers)
    ;   question_of(Lines, Question)
    ->  last_n(12, Context, Near),
        atomic_list_concat(Near, ' ', NearText),
        (   template_answers(Question, Context, Answers01) -> true     % "[Col,Row]"
        ;   question_answers(Question, NearText, Answers01) ),
        not_leaving(NearText, Answers01, Answers00),
        (   ( default_answers(Answers00) ; square_example(Question) ),
            (   listed_parts(Question, Context, Board)  % a part of each of them
            ;   board_answers(Question, Context, Board) % the board's labels
            ;   Lines = [_, _, _|_],                    % a refusal's lines, the
                text_lines(Before, _, Earlier),         % board drawn before them
                append(Earlier, Lines, Whole),
                board_answers(Question, Whole, Board)
            )
        ->  Answers0 = Board
        ;   Answers0 = Answers00
        ),
        (   menu_above(Lines, Keys),    % a menu, then a board drawn after it
            \+ range_over_keys(Lines, Keys)
        ->  append(Answers0, Keys, Answers1),
            list_to_set(Answers1, Answers)
        ;   Answers = Answers0
        )
    ;   Answers = ['1']
    ).

%   seat_after_seat(+Lines, +Context): the prompt is one line that asks
%   of a player (a colour, "Player 2"), right after the same question of
%   the other player, whose menu it does not show again.
seat_after_seat([Question], Context) :-
    append(_, [Before, Question], Context),
    seat_question(Before),
    seat_question(Question),
    Before \== Question.

%   asked_of_the_next(+Lines, +Context): the prompt is one line, the
%   question asked just before with another number ("Set CPU2 level:"
%   after "Set CPU1 level:" and its options): the same options.
asked_of_the_next([Question], Context) :-
    append(Before, [Question], Context),
    member(Line, Before),
    Line \== Question,
    no_digits(Line, Shape),
    no_digits(Question, Shape),
    !.

%!  no_digits(+Text, -Shape) is det: Text without its digits ("Set CPU1
%   level:" and "Set CPU2 level:" are one question asked of two seats).

no_digits(Line, Shape) :-
    string_codes(Line, Cs0), exclude([C]>>code_type(C, digit), Cs0, Cs), string_codes(Shape, Cs).

seat_question(Line) :-
    string_length(Line, L), L =< 24,
    string_lower(Line, Lower),
    split_string(Lower, " \t:?()", " \t:?()", Words),
    member(W, Words),
    memberchk(W, ["white", "black", "red", "blue", "green", "yellow", "orange", "purple",
                  "brown", "pink", "gray", "grey", "player", "p1", "p2", "first", "second",
                  "brancas", "pretas", "jogador"]),
    !.

%!  prompt_asks(+Prompt) is semidet.
%
%   The last line Prompt writes asks: a menu's option, a line at most 3
%   lines below a menu, or a line that ends with ":" or "?".

prompt_asks(Prompt) :-
    text_lines(Prompt, Plain, Lines),
    last(Lines, Last),
    (   option(Last, _)
    ->  true
    ;   menu(Lines, Options), Options = [_, _|_],   % "Let's go!" below, not a
        forall(member(_-L, Options), worded(L))      % board's rows ("2 | X | O")
    ->  true
    ;   asked_last(Plain)
    ).

worded(Label) :-                        % a word of 3 letters or more
    string_codes(Label, Cs), append(_, [A, B, C|_], Cs), maplist(letter, [A, B, C]), !.
letter(C) :- code_type(C, alpha), \+ code_type(C, digit(_)).

%!  machine_option(+Prompt, ?Key) is semidet: Prompt lists an option Key
%   that names a computer player.

machine_option(Prompt, Key) :-
    text_lines(Prompt, _, Lines),
    member(Line, Lines),
    option(Line, Key-Label),
    machine_label(Label),
    !.

listed(Lines, Options) :-
    (   menu(Lines, Options) ; pointed(Lines, Options) ; word_menu(Lines, Options) ),
    Options = [_, _|_],
    \+ forall(member(_-L, Options), ( sub_string(L, _, _, _, "| "), \+ worded(L) )),  % rows
    !.

%!  menu_options(+Prompt, -Options) is semidet: the options Key-Label of
%   the menu the text Prompt ends with.
menu_options(Prompt, Options) :-
    text_lines(Prompt, _, Lines),
    listed(Lines, Options).

%   menu_above(+Lines, -Keys): the keys of the last menu of two options
%   or more, however many lines follow it, those that leave last.
menu_above(Lines, Keys) :-
    reverse(Lines, Back),
    append(_, [First|Rest], Back),
    option(First, _),
    options_run([First|Rest], Rev),
    reverse(Rev, Options),
    Options = [_, _|_],
    forall(member(_-L, Options), worded(L)),    % not a board's rows ("2 | | O")
    !,
    staying(Options, Keys).

%   staying(+Options, -Keys): the options' keys, ranked, without those
%   that leave (unless all do).
staying(Options, Keys) :-
    ranked(Options, Keys0),
    exclude(leaves(Options), Keys0, Keys1),
    (   Keys1 == [] -> Keys = Keys0 ; Keys = Keys1 ).

text_lines(Text, Plain, Lines) :-
    seen_or(lines, Text, Plain-Lines, text_lines_(Text, Plain, Lines)).

text_lines_(Text, Plain, Lines) :-
    string_codes(Text, Codes0),
    phrase(plain(Codes), Codes0),
    string_codes(Plain, Codes),
    split_string(Plain, "\n\r", "", Lines0),
    foldl(trimmed, Lines0, [], Rev),
    reverse(Rev, Lines1),
    foldl(one_option_a_line, Lines1, Lines2, []),
    last_n(60, Lines2, Lines).

%   one_option_a_line(+Line, -Lines, ?Tail): options side by side on one
%   line ("0 - CPU    1 - Human", `"1." Human / "2." Bot`) as a line each.
one_option_a_line(Line, Lines, Tail) :-
    member(Between, ['   ', ' / ', ' | ', ', ', '; ']),
    atomic_list_concat(Parts0, Between, Line),
    maplist(bare_part, Parts0, Parts1),
    exclude(==(""), Parts1, Parts), Parts = [_, _|_],
    forall(member(P, Parts), option(P, _)),
    maplist(lead_class, Parts, [Class|Classes]),    % one kind of key: not "4- BOT    (W)"
    forall(member(C, Classes), C == Class),
    !,
    append(Parts, Tail, Lines).
one_option_a_line(Line, [Line|Tail], Tail).

lead_class(Part, Class) :-
    sub_atom(Part, 0, 1, _, Ch),
    (   char_type(Ch, digit) -> Class = digit ; char_type(Ch, alpha) -> Class = alpha ; Class = Ch ).

%   bare_part(+Part0, -Part): without quotes (`"1."`), `> ` and `:`.
bare_part(Part0, Part) :-
    split_string(Part0, "\"", "", Pieces),
    atomic_list_concat(Pieces, Unquoted),
    split_string(Unquoted, "", " \t>:", [Part]).

ranked(Options, Keys) :-
    map_list_to_pairs(option_rank, Options, Ranked),
    keysort(Ranked, Sorted),
    pairs_values(Sorted, Chosen),
    pairs_keys(Chosen, Keys).

%   both_players(+Plain, +Keys, -Answers): where one answer names both
%   players' roles ("in the format P1/P2"), the best role for both.
both_players(Plain, Keys, Answers) :-
    (   string_lower(Plain, Lower),
        sub_string(Lower, _, _, _, "p1/p2"),
        Keys = [Best|_]
    ->  format(atom(Both), "~w/~w", [Best, Best]),
        format(atom(Bracketed), "(~w)/(~w)", [Best, Best]),
        list_to_set([Bracketed, Both|Keys], Answers)
    ;   Answers = Keys
    ).

%   pointed(+Lines, -Options): choices marked by ">" in the last lines
%   before the question (">8 (8x8)   >10 (10x10)", ">H/H  >PC/PC").
pointed(Lines, Options) :-
    reverse(Lines, [_|Back]),
    last_n(6, Back, Near),
    findall(Key-Key, ( member(Line, Near), pointed_key(Line, Key) ), Options0),
    list_to_set(Options0, Options).

pointed_key(Line, Key) :-
    split_string(Line, " \t|", " \t|", Parts),
    member(Part, Parts),
    sub_string(Part, 0, 1, After, ">"),
    After > 0,
    sub_string(Part, 1, After, 0, Key0),
    atom_string(Key, Key0).

%   word_menu(+Lines, -Options): a menu of words, one a line ("start",
%   "instructions", "quit"), before a question of at most 3 lines.
word_menu(Lines, Options) :-
    reverse(Lines, Back),
    append(Question, Rest, Back),
    length(Question, NQ),
    NQ >= 1, NQ =< 3,
    Rest = [First|_],
    menu_word(First, _),
    !,
    words_run(Rest, Rev),
    reverse(Rev, Options).

words_run([Line|Lines], [Key-Line|Options]) :-
    menu_word(Line, Key),
    !,
    words_run(Lines, Options).
words_run(_, []).

menu_word(Line, Key) :-
    string_length(Line, L),
    L >= 2, L =< 20,
    string_codes(Line, Codes),
    forall(member(C, Codes), code_type(C, csym)),
    \+ ( member(C, Codes), code_type(C, digit) ),
    atom_string(Key, Line).

%   plain(-Codes): the text without terminal escape sequences, the
%   lines and corners of boxes drawn around it blank.
plain([C1|Cs]) --> [C], { C \== 0'\e }, !, { C >= 0x2500, C =< 0x259F -> C1 = 0'\s ; C1 = C }, plain(Cs).
plain(Cs) --> [0'\e, 0'[], !, escape_tail, plain(Cs).
plain(Cs) --> [0'\e], !, plain(Cs).
plain([]) --> [].

escape_tail --> [C], { code_type(C, alpha) }, !.
escape_tail --> [_], !, escape_tail.
escape_tail --> [].

trimmed(Line0, Acc, Acc1) :-
    split_string(Line0, "", " \t|*#=+_-~:.\u2502\u2551\u2500\u2550", [Line]),
    (   Line == "" -> Acc1 = Acc ; Acc1 = [Line|Acc] ).

%   menu(+Lines, -Options): the options Key-Label of the last menu, read
%   from the end: at most 3 lines of question after it.
menu(Lines, Options) :-
    reverse(Lines, Back),
    append(Question, Rest, Back),
    length(Question, NQ),
    NQ =< 3,
    Rest = [First|_],
    option(First, _),
    !,
    options_run(Rest, Rev),
    reverse(Rev, Options).

options_run(Lines, Options) :-         % "Other:", a title within the menu
    options_run(Lines, Options0, Left),
    (   Left = [Head, Line|More], string_length(Head, L), L =< 24,
        \+ sub_string(Head, _, _, _, "?"), option(Line, _),
        options_run([Line|More], Above),
        forall(member(K-_, Above), \+ memberchk(K-_, Options0))
    ->  append(Options0, Above, Options)
    ;   Options = Options0
    ).

options_run([Line|Lines], [Option|Options], Left) :-
    option(Line, Option),
    !,
    options_run(Lines, Options, Left).
options_run(Lines, [], Lines).

%   option(+Line, -Key-Label): "1. Human vs Human", "2 - Computer",
%   "3) Easy AI", "[h] Human", "a: Rules", "4 PC VS PC" (a word after one space).
option(Line, Key-Label) :-
    string_codes(Line, Codes),
    phrase(option(KeyCodes, LabelCodes), Codes),
    atom_codes(Key, KeyCodes),
    string_codes(Label0, LabelCodes),
    normalize_space(string(Label1), Label0),
    string_length(Label1, L),
    L >= 2, L =< 120,                   % "1 - Harder?: computer gets greedy. Might ..."
    (   L > 70 -> sub_string(Label1, 0, 70, _, Label) ; Label = Label1 ),
    sub_atom(Label, _, 1, _, Ch), char_type(Ch, alpha), !.

option(Key, Label) --> blanks, "[", key(Key), "]", blanks, sep_opt, rest(Label).
option(Key, Label) --> blanks, "(", key(Key), ")", blanks, sep_opt, rest(Label).
option(Key, Label) --> blanks, key(Key), blanks, sep, rest(Label).
option(Key, Label) --> blanks, number_key(Key), " ", " ", blanks, rest(Label).   % columns
option(Key, Label) --> blanks, lead_word, blanks, number_key(Key), blanks, sep, rest(Label).
option(Key, Label) --> blanks, opt_press, number_key(Key), blanks_one, "to", blanks_one, rest(Label).
option(Key, Label) --> blanks, key(Key), blanks_one, "for", blanks_one, rest(Label).   % "E for easy bot"
option(Key, Label) --> blanks, number_key(Key), " ", rest(Label), { Label = [C|_], code_type(C, alpha), worded(Label) }.

opt_press --> word_codes(Cs), { atom_codes(W0, Cs), downcase_atom(W0, W),       % "Press 1 to go"
                                memberchk(W, [press, type, enter, prima, digite]) }, blanks_one, !.
opt_press --> [].

%   lead_word: "Level 1 - Random", "Option 2: ...", "Nivel 1 - Facil".
lead_word --> word_codes(Cs), { Cs \== [],
                        atom_codes(W0, Cs), downcase_atom(W0, W),
                        memberchk(W, [level, option, opcao, 'opção', nivel, 'nível', mode, modo,
                                      lvl, difficulty]) }.

number_key([D|Ds]) --> digit(D), digits_max(1, Ds).

key([D|Ds]) --> digit(D), digits_max(1, Ds).
key([C]) --> [C], { code_type(C, alpha) }.
key([C, 0'-, D]) --> [C], { code_type(C, alpha) }, "-", digit(D).

digits_max(N, [D|Ds]) --> { N > 0 }, digit(D), !, { N1 is N - 1 }, digits_max(N1, Ds).
digits_max(_, []) --> [].
digit(D) --> [D], { code_type(D, digit) }.

sep --> ( "." | ")" | ":" | "-" | "]" | "=" ), !, blanks_one.
sep --> "|", !, blanks.
sep_opt --> ( "-" | ":" | "." | "=" ), !, blanks.
sep_opt --> [].

blanks_one --> [C], { code_type(C, space) }, !, blanks.

blanks --> [C], { code_type(C, space) }, !, blanks.
blanks --> [].

rest(Cs, Cs, []).

%   question_answers(+Question, -Answers): a question without a menu.
question_answers(Question, Near, Answers) :-
    string_lower(Question, Lower),
    (   yes_no_question(Lower)
    ->  (   label_words(Lower, Ws), member(W, ["computer", "bot", "ai", "pc", "cpu"]),
            memberchk(W, Ws)
        ->  Answers = [y, n]
        ;   Answers = [n, y]
        )
    ;   sub_string(Lower, B, 5, _, "p1/p2"),
        sub_string(Lower, B, _, 0, After),
        roles_named(After, Roles), Roles = [_, _|_]
    ->  ranked(Roles, [Best|_]),
        format(atom(Both), "~w/~w", [Best, Best]),
        format(atom(Bracketed), "(~w)/(~w)", [Best, Best]),
        Answers = [Both, Bracketed]
    ;   letter_options(Question, Options), Options = [_, _|_]
    ->  ranked(Options, Keys),
        maplist([K, L]>>downcase_atom(K, L), Keys, Lowers),
        append(Keys, Lowers, Both),
        list_to_set(Both, Answers)
    ;   (   listed_words(Question, Options), Options = [_, _|_]
        ;   coded_options(Question, Options)
        )
    ->  ranked(Options, Answers)
    ;   (   quoted_words(Question, Words)
        ;   \+ range_asked(Lower),           % "(1 to 7)" over "Player 'A', ...",
            \+ square_part(Lower),          % a column over a legend's "x" | "o"
            quoted_words(Near, Words)
        )
    ->  Answers = Words
    ;   once(( member(W, ["name", "nome"]), sub_string(Lower, _, _, _, W) ))
    ->  Answers = [alpha, bravo, charlie]
    ;   ( letter_range(Question, Letters) ; letter_range(Near, Letters) )  % "(A-H)", "(a to h)"
    ->  Answers = Letters
    ;   once(( member(W, ["letter", "letra"]), sub_string(Lower, _, _, _, W) ))
    ->  Answers = [a, b, c, d, e, f, g, h]
    ;   numbers_asked(Lower, Near, Numbers), Numbers \== []
    ->  Answers = Numbers
    ;   string_lower(Near, NearLower),         % "Choose the size / of the board",
        (   sub_string(Lower, _, _, _, "size")  % "Number of rows:"
        ;   sub_string(NearLower, _, _, _, "size")
        ;   member(W, ["rows", "columns", "width", "height", "dimension", "linhas", "colunas"]),
            sub_string(Lower, _, _, _, W)
        )
    ->  Answers = ['6', '5', '7', '8', '4', '9', '10', '11']
    ;   default_answers(Answers)
    ).

default_answers(['1', '2', '3', '0']).

%   letter_options(+Question, -Options): "(H)uman/(C)omputer",
%   "[p]lay or [q]uit": each letter in brackets before a word.
letter_options(Question, Options) :-
    string_codes(Question, Codes),
    phrase(letter_options(Options), Codes).

letter_options([Key-Label|Os]) -->
    ( "(" | "[" ), [C], ( ")" | "]" ), { code_type(C, alpha) },
    word_codes(Rest), { Rest \== [] }, !,
    { atom_codes(Key, [C]), string_codes(Label, [C|Rest]) },
    letter_options(Os).
letter_options(Os) --> [_], !, letter_options(Os).
letter_options([]) --> [].

word_codes([C|Cs]) --> [C], { code_type(C, alpha) }, !, word_codes(Cs).
word_codes([]) --> [].
