:- module(arena_loop_typed,
          [ typed_kind/5,             % +Dot, +Prompt, +Answers, +Repeat, -Kind
            typed_index/4,            % +Typed, +Answers, +Refused, -I
            typed_again/4,            % +Repeat0, +Prompt, +Before, -Repeat
            board_before/4,           % +Dot, +Prompt, +Before0, -Before
            people_first/4,           % +Dot, +Prompt, +Answers0, -Answers
            seat_menu/1,              % +Prompt
            typed_questions/1,        % -Shapes
            typed_case/3,             % +Typed, +Answer0, -Answer
            typed_reset/0
          ]).
:- use_module(loop_stop, []).
:- use_module(library(lists)).
:- use_module(library(apply), [partition/4, maplist/3, exclude/3]).
:- use_module(loop_prompt, [menu_options/2, no_digits/2]).
:- use_module(loop_words, [names_a_seat/1, people_only/1, quoted_words/2]).
:- use_module(loop_board, [draws_board/1]).
:- use_module(loop_listed, [asks_a_move/1, listed_moves/2]).

/** <module> A person's moves, typed by the arena

Where the adapter says prompted(typed) (prolog/gamefile/propose_loopgame.pl),
a course game's loop is played with a person in each seat: its menu's
mode of people alone is chosen, and each question a person is asked in
play is a decision of the arena's players among the answers its text
names (prolog/gamefile/loop_answer.pl reads the questions,
prolog/gamefile/loop_drive.pl takes the decisions). A refused answer is
followed by the next, with no new decision.
*/

%!  typed_reset is det.
%
%   A new run: no question asked yet.

typed_reset :-
    nb_setval(arena_loop_lines, []),
    nb_setval(arena_loop_typing, off),
    nb_setval(arena_loop_typed, none),
    nb_setval(arena_loop_board, ""),
    nb_setval(arena_loop_in_a_row, none),
    nb_setval(arena_loop_typed_before, ""),
    nb_setval(arena_loop_shapes, []),
    nb_setval(arena_loop_case, open-0).

%   typed_kind(+Dot, +Prompt, +Answers, +Repeat, -Kind): where the adapter
%   says prompted(typed), typed(Line) for a person's question in play (a
%   move): its last line Line asked before in this run, or asked once
%   such a question was, or naming a move, a piece or a square, with two
%   or more answers (or the one move the loop lists), none of them yes or
%   no, and no menu of players' seats; its answer a decision of the
%   arena's (prolog/gamefile/loop_drive.pl, typed_choice/2). retry where
%   the last such question is asked again after a refusal; else false.
typed_kind(typed, Prompt, Answers, R-_, Kind) :-
    !,
    question_line(Prompt, Line),
    nb_getval(arena_loop_lines, Lines),
    (   memberchk(Line, Lines)
    ->  Seen = true
    ;   Seen = false,
        nb_setval(arena_loop_lines, [Line|Lines])
    ),
    line_before(Prompt, Before),
    (   R > 0,
        nb_getval(arena_loop_typed, at(_, Line)),
        \+ ( nb_getval(arena_loop_typed_before, Before0),     % "Now, choose where it
             Before0 \== "", Before \== "", Before0 \== Before )  % goes", refused: the
    ->  Kind = retry                                            % turn asked anew
    ;   (   nb_getval(arena_loop_typing, on)
        ;   Seen == true, R =:= 0
        ;   R =:= 0, asks_a_move(Line)      % "Pick a pair for your move": the
        ),                                  % first move, not a menu's answer
        person_question(Prompt, Answers)
    ->  Kind = typed(Line),
        nb_setval(arena_loop_typed_before, Before)
    ;   Kind = false
    ).
typed_kind(_, _, _, _, false).

%   line_before(+Prompt, -Line): the line before the question ("Please
%   select the piece", "Now, choose your destination"), or "".
line_before(Prompt, Line) :-
    last_lines(Prompt, Line, _).

person_question(Prompt, Answers) :-
    (   Answers = [_, _|_]
    ->  true
    ;   Answers = [_],                  % a forced move the game lists ("[13-3]"):
        split_string(Prompt, "\n", " \t\r", Lines),  % still the player's move,
        listed_moves(Lines, [_])        % so that the players keep taking turns
    ),
    \+ ( member(A, Answers), yes_no(A) ),
    question_line(Prompt, Line),
    \+ quoted_words(Line, _),           % "Insert 'n' to proceed": a key, no move
    \+ asks_a_name(Line),               % "Hello player_2, what is your name?"
    \+ seat_menu(Prompt).

asks_a_name(Line) :-
    string_lower(Line, Lower),
    once(( member(W, ["name", "nome"]), sub_string(Lower, _, _, _, W) )).

seat_menu(Prompt) :-
    menu_options(Prompt, Options),
    member(_-Label, Options),
    names_a_seat(Label),
    !.

%   board_before(+Dot, +Prompt, +Before0, -Before): where the arena types
%   a person's moves, a question asked without a board ("Row:", asked
%   again after a refusal of three lines) is read after the last text
%   that drew one (the board whose labels it asks); that text is kept
%   for the next one.
board_before(typed, Prompt, Before0, Before) :-
    !,
    split_string(Prompt, "\n", " \t\r", Lines0),
    exclude(==(""), Lines0, Lines),
    (   draws_board(Lines)
    ->  string_length(Prompt, L),
        (   L > 3000 -> sub_string(Prompt, _, 3000, 0, Kept) ; Kept = Prompt ),
        nb_setval(arena_loop_board, Kept),
        Before = Before0
    ;   nb_current(arena_loop_board, Board),
        Board \== ""
    ->  string_concat(Board, Before0, Before)
    ;   Before = Before0
    ).
board_before(_, _, Before, Before).

%   typed_again(+Repeat0, +Prompt, +Before, -Repeat): after a typed
%   answer, its question asked again in the same words with nothing else
%   written (`repeat, write('Take: '), read(N), valid(N), !`) refused it.
typed_again(Repeat0, Prompt, Before, Repeat) :-
    (   nb_getval(arena_loop_typed, at(_, Line)),
        split_string(Prompt, "", " \t\r\n", [Line])
    ->  (   Before = R0-_ -> true ; R0 = 0 ),
        R is R0 + 1,
        Repeat = R-0
    ;   Repeat = Repeat0
    ).

%   typed_alt(+Answer, -Alt): a number typed is the number as a move.
typed_alt(Answer, Alt) :-
    (   atom_number(Answer, N), integer(N) -> Alt = N ; Alt = Answer ).

%   people_first(+Dot, +Prompt, +Answers0, -Answers): where the arena
%   types a person's moves, a menu's modes of people alone first: every
%   seat is then the arena's, in turn.
people_first(typed, Prompt, Answers0, Answers) :-
    menu_options(Prompt, Options),
    findall(K, ( member(K-L, Options), people_only(L) ), Keys),
    Keys \== [],
    !,
    partition(member_of(Keys), Answers0, Front0, Back),
    (   Front0 == [] -> Front = Keys ; Front = Front0 ),
    append(Front, Back, Answers).
people_first(_, _, Answers, Answers).

member_of(List, X) :-
    memberchk(X, List).

yes_no(A) :-
    memberchk(A, [y, n, yes, no, s, sim, nao, 'Y', 'N']).

question_line(Prompt, Line) :-
    last_lines(Prompt, _, Line).

%   last_lines(+Prompt, -Before, -Last): the last two lines of Prompt that
%   are not blank ("" where there are fewer).
last_lines(Prompt, Before, Last) :-
    split_string(Prompt, "\n", " \t\r", Lines0),
    exclude(==(""), Lines0, Lines),
    (   append(_, [Before, Last], Lines) -> true
    ;   Lines = [Last] -> Before = ""
    ;   Before = "", Last = ""
    ).

%!  typed_questions(-Shapes) is det.
%
%   The questions of a person's move the last run typed at, without
%   their digits ("Player 1, take:" and "Player 2, take:" are one).

typed_questions(Shapes) :-
    (   nb_current(arena_loop_shapes, Shapes0), is_list(Shapes0)
    ->  reverse(Shapes0, Shapes)
    ;   Shapes = []
    ).

%   typed_index(+Typed, +Answers, +Refused, -I): the answer to type: a
%   typed question's the arena decides, the next ones in turn where it
%   is refused; every answer refused ends the run (refused); else the
%   first not refused yet. The first answer of a person's refused that
%   has letters is typed again in the other case first (a board labelled
%   "A B C" whose game reads "a4"): where that is taken, every later one
%   is typed so (typed_case/3); where it is refused too, none is.
typed_index(Typed, Answers, R, I) :-
    length(Answers, Len),
    nb_getval(arena_loop_case, Case0-_),
    (   Case0 == trial,
        Typed \== retry
    ->  nb_setval(arena_loop_case, flipped-0)  % the other case was taken
    ;   true
    ),
    (   Typed = typed(Line)
    ->  maplist(typed_alt, Answers, Alts),
        arena_loop_drive:typed_choice(Alts, C),
        nth0(I, Alts, C),
        nb_setval(arena_loop_typing, on),
        nb_setval(arena_loop_typed, at(I, Line)),
        nb_getval(arena_loop_case, Case-_),
        nb_setval(arena_loop_case, Case-0),
        no_digits(Line, Shape),
        nb_getval(arena_loop_shapes, Shapes0),
        (   memberchk(Shape, Shapes0) -> true ; nb_setval(arena_loop_shapes, [Shape|Shapes0]) )
    ;   Typed == retry,
        nb_getval(arena_loop_typed, at(I0, _))
    ->  nb_getval(arena_loop_case, Case-Shift0),
        (   Case == open, R =:= 1,
            nth0(I0, Answers, A0), other_case(A0, _)
        ->  nb_setval(arena_loop_case, trial-1),       % the same answer, in the other case
            I = I0
        ;   (   Case == trial
            ->  nb_setval(arena_loop_case, fixed-Shift0)
            ;   true
            ),
            (   R >= Len + Shift0 -> arena_loop_stop:stop_run(arena_loop_refused) ; true ),
            I is (I0 + R - Shift0) mod Len
        )
    ;   Typed == false
    ->  nb_setval(arena_loop_typed, none),
        I is R mod Len
    ;   I is R mod Len
    ).

%   typed_case(+Typed, +Answer0, -Answer): a person's answer as typed, in
%   the other case where the game took that (typed_index/4).
typed_case(Typed, Answer0, Answer) :-
    (   Typed \== false,
        nb_current(arena_loop_case, Case-_),
        memberchk(Case, [trial, flipped]),
        other_case(Answer0, Answer1)
    ->  Answer = Answer1
    ;   Answer = Answer0
    ).

%   other_case(+Answer0, -Answer): a short answer with letters ("A4",
%   "b2c3") in the other case, as an atom.
other_case(Answer0, Answer) :-
    atom(Answer0),
    atom_length(Answer0, L), L =< 6,
    atom_codes(Answer0, Codes),
    forall(member(C, Codes), code_type(C, alnum)),
    (   member(C, Codes), code_type(C, upper)
    ->  downcase_atom(Answer0, Answer)
    ;   member(C, Codes), code_type(C, lower(_))
    ->  upcase_atom(Answer0, Answer)
    ),
    Answer \== Answer0.
