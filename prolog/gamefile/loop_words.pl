:- module(arena_loop_words,
          [ asked_line/1,             % +Line
            again_cut/2,              % +Text0, -Text
            asked_last/1,             % +Text
            question_of/2,            % +Lines, -Question
            option_rank/2,            % +Option, -Rank
            leaves/2,                 % +Options, +Key
            not_leaving/3,            % +Text, +Answers0, -Answers
            leaving_answer/2,         % +Text, ?Answer
            coded_options/2,          % +Question, -Options
            letter_range/2,           % +Question, -Letters
            yes_no_question/1,        % +Lower
            label_words/2,            % +Label, -Words
            roles_named/2,            % +Text, -Roles
            machine_label/1,          % +Label
            quoted_words/2,           % +Text, -Words
            no_machine_mode/1,        % +Labels
            names_a_seat/1,           % +Label
            people_only/1,            % +Label
            unnamed_variables/2       % +Codes0, -Codes
          ]).
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).

%!  asked_line(+Line) is semidet: Line ends a question, with ":" or "?",
%   also before an example in brackets ("Which piece? (e.g., A1)").

asked_line(Line) :-
    (   sub_string(Line, B, 2, _, " ("), sub_string(Line, _, 1, 0, ")")
    ->  sub_string(Line, 0, B, _, Line1)
    ;   Line1 = Line
    ),
    once(sub_string(Line1, _, 1, 0, End)),
    memberchk(End, [":", "?"]).

%!  asked_last(+Text) is semidet: the last line Text writes asks, or it
%   says what else to type ("Type -1 to remove it.") below a line that
%   asks.

asked_last(Text) :-
    split_string(Text, "\n\r", "", Raw),
    findall(L, ( member(L0, Raw), split_string(L0, "", " \t|", [L]), L \== "" ), Lines),
    Lines \== [],
    question_of(Lines, Question),
    asked_line(Question).

%!  question_of(+Lines, -Question) is det: the line of Lines that asks:
%   the last, or the one above a line saying what else to type.

question_of(Lines, Question) :-
    append(_, [Line, Hint], Lines),
    hint_line(Hint),
    asked_line(Line),
    !,
    Question = Line.
question_of(Lines, Question) :-
    last(Lines, Question).

hint_line(Hint) :-                      % "Type -1 to remove it."
    string_lower(Hint, Lower),
    once(( member(W, ["type ", "write ", "insert ", "escreva "]),
           sub_string(Lower, 0, _, _, W) )),
    once(sub_string(Lower, _, _, _, " to ")).

/** <module> What the words of a course game's menus and questions say

The words of an option's label rank it (prolog/gamefile/loop_prompt.pl):
computer against computer at the easiest level first, leaving last. A
question in the form "P1/P2" names the roles it takes; the words a
question quotes are what to type; an answer it pairs with leaving ("4
to quit") is not; keys in brackets after labels, a range of letters
and a question for yes or no are read here too.
*/

%   option_rank(+Option, -Rank): lower is better; computer against
%   computer at the easiest level first, then choosing the mode (a menu
%   whose "play" starts the mode set before), human seats and leaving last.
option_rank(_-Label, Rank) :-
    label_words(Label, Words),
    maplist(count_class(Words),
            [machine, watch, human, easy, hard, start, setup, leave], [M0, W, H, E, D, S, U0, L]),
    M is M0 + 2 * W,                    % "watch the computers play": no seat of one's own
    (   memberchk("menu", Words)        % "0. Game Mode Menu": back to a menu, no setting
    ->  U = 0
    ;   U = U0
    ),
    (   memberchk("random", Words)      % "r. (Random) random moves": the arena's
    ->  R = 3                           % picks, where a bot's level is asked
    ;   R = 0
    ),
    Rank is -(3 * min(M, 2) - 3 * H + E + R - D + S + 2 * min(U, 1) - 10 * L).

%   machine_label(+Label): Label names a computer player ("CPU", "Bot").
machine_label(Label) :-
    label_words(Label, Words),
    count_words(machine, Words, N),
    N > 0.

%   no_machine_mode(+Labels): the labels of a menu of modes, each naming
%   a human seat and at most one computer ("Player vs Computer"), the
%   others leaving ("Exit", "Rules"): none sets the computer against
%   itself.
no_machine_mode(Labels) :-
    include(names_a_seat, Labels, Modes),
    Modes \== [],
    forall(member(L, Modes),
           ( label_words(L, Ws), count_words(human, Ws, H), H > 0,
             count_words(machine, Ws, M), count_words(watch, Ws, 0), M =< 1 )),
    forall(( member(L, Labels), \+ memberchk(L, Modes) ),
           ( label_words(L, Ws), count_words(leave, Ws, Lv), Lv > 0 )).

%   people_only(+Label): a mode of people alone ("Player vs Player",
%   "1P vs 2P"), no computer, no watching.
people_only(Label) :-
    label_words(Label, Ws),
    count_words(human, Ws, H), H > 0,
    count_words(machine, Ws, 0),
    count_words(watch, Ws, 0),
    count_words(leave, Ws, 0).

names_a_seat(Label) :-
    label_words(Label, Ws),
    (   count_words(human, Ws, H), H > 0
    ->  true
    ;   count_words(machine, Ws, M), M > 0
    ).

leaves(Options, Key) :-
    memberchk(Key-Label, Options),
    label_words(Label, Words),
    count_words(leave, Words, L),
    L > 0.

%   not_leaving(+Text, +Answers0, -Answers): without the answers Text
%   pairs with leaving the game ("2 to move a piece and 4 to quit",
%   "Quit: 0"), unless all are.
not_leaving(Text, Answers0, Answers) :-
    exclude(leaving_answer(Text), Answers0, Answers1),
    (   Answers1 == [] -> Answers = Answers0 ; Answers = Answers1 ).

%   leaving_answer(+Text, ?Answer): Text pairs Answer (a word or a
%   number; unbound, any) with leaving the game.
leaving_answer(Text, Answer) :-
    label_words(Text, Words0),
    exclude(==(""), Words0, Words),
    (   atom(Answer) -> atom_string(Answer, A0), string_lower(A0, A) ; true ),
    (   append(_, [A|After], Words),
        exclude(filler, After, [W|_])
    ;   append(_, [W, A|_], Words)
    ),
    leaving_word(W),
    \+ leaving_word(A),
    (   var(Answer) -> atom_string(Answer, A) ; true ),
    !.

filler(W) :-
    memberchk(W, ["to", "for", "go", "the", "game", "and", "or", "press", "type", "enter"]).

leaving_word(W) :-
    memberchk(W, ["exit", "quit", "leave", "surrender", "resign", "forfeit", "giveup",
                  "sair", "desistir", "abandon", "menu", "back", "return"]).

%   coded_options(+Question, -Options): a question that lists its
%   options, each a label with its key in brackets after it ("Player vs
%   Player (PP), Computer vs Computer (CC)"): Key-Label, two at least.
coded_options(Question, Options) :-
    split_string(Question, ",;/", " ", Parts),
    findall(Key-Label, ( member(Part, Parts), coded_part(Part, Key, Label) ), Options),
    Options = [_, _|_].

coded_part(Part, Key, Label) :-
    sub_string(Part, B, 1, _, "("),
    B1 is B + 1,
    sub_string(Part, B1, L, _, Key0),
    L >= 1, L =< 4,
    E is B1 + L,
    sub_string(Part, E, 1, _, ")"),
    string_codes(Key0, Cs),
    forall(member(C, Cs), code_type(C, alnum)),
    sub_string(Part, 0, B, _, Before),
    split_string(Before, "(:", " ", Pieces),
    last(Pieces, Label),
    string_codes(Label, LCs),
    member(C, LCs), code_type(C, alpha),
    !,
    atom_string(Key, Key0).

%   letter_range(+Question, -Letters): the letters from one to the other
%   of a range of two single letters ("A-H", "a to h").
letter_range(Question, Letters) :-
    split_string(Question, " ()[]{},:?", " ()[]{},:?", Tokens0),
    exclude(==(""), Tokens0, Tokens),
    (   append(_, [A, To, B|_], Tokens), memberchk(To, ["to", "a", "até", "ate"])  % "(A a H)"
    ;   member(T, Tokens), split_string(T, "-", "", [A, B])
    ),
    string_codes(A, [CA]), string_codes(B, [CB]),
    code_type(CA, alpha), code_type(CB, alpha), CA < CB, CB - CA =< 25,
    !,
    numlist(CA, CB, Codes),
    maplist([C, L]>>atom_codes(L, [C]), Codes, Letters).

%   yes_no_question(+Lower): a question for yes or no ("(y/n)", or one
%   that starts as one: "Are you playing the AI system?").
yes_no_question(Lower) :-
    once(( member(S, ["y/n", "yes/no", "(y)", "[y]", "s/n"]), sub_string(Lower, _, _, _, S) )),
    !.
yes_no_question(Lower) :-                        % "Are you playing the AI system?"
    split_string(Lower, "", " \t", [Q]),
    sub_string(Q, _, 1, 0, "?"),
    split_string(Q, " ", "", [First|_]),
    memberchk(First, ["are", "do", "does", "is", "will", "would", "should", "can", "shall",
                      "want", "quer", "queres", "deseja", "desejam"]).

label_words(Label, Words) :-
    string_lower(Label, Lower),
    split_string(Lower, " \t/,()[]-.:!?'\"", " \t/,()[]-.:!?'\"", Words).

count_class(Words, Class, N) :-
    count_words(Class, Words, N).

count_words(Class, Words, N) :-
    aggregate_all(count, ( member(W0, Words), seats_apart(W0, W), word(Class, W) ), N).

%   seats_apart(+Word, -Seat): a mode written as one word ("AIvAI",
%   "PvC", "cpuvscpu") is its two seats, each counted; any other word is
%   itself.
seats_apart(Word, Seat) :-
    (   member(Sep, ["vs", "v"]),
        sub_string(Word, B, _, A, Sep),
        sub_string(Word, 0, B, _, S1), S1 \== "",
        sub_string(Word, _, A, 0, S2), S2 \== "",
        seat(S1, W1), seat(S2, W2)
    ->  member(Seat, [W1, W2])
    ;   Seat = Word
    ).

seat(S, W) :-
    (   memberchk(S, ["ai", "c", "cpu", "pc", "bot", "com", "comp", "computer", "machine"])
    ->  W = "computer"
    ;   memberchk(S, ["p", "h", "human", "player", "p1", "p2", "user"])
    ->  W = "human"
    ).

word(machine, W) :- memberchk(W, ["computer", "computers", "pc", "cpu", "bot", "bots", "ai",
                                  "machine", "robot", "easy_ai"]).
word(machine, W) :- sub_string(W, 0, _, _, "bot"), W \== "both", W \== "bottom".
word(watch, W) :- memberchk(W, ["watch", "watching", "spectate", "spectator", "observe",
                                "simulate", "simulation", "demo", "demonstration", "autoplay"]).
word(human, W) :- memberchk(W, ["human", "humans", "person", "player", "user", "you",
                                "p1", "p2", "1p", "2p", "pvp", "h"]).
word(easy, W) :- memberchk(W, ["easy", "random", "1", "beginner", "novice", "easiest", "dumb"]).
word(hard, W) :- memberchk(W, ["hard", "difficult", "greedy", "minimax", "expert", "smart",
                               "2", "3", "medium", "advanced", "hardest", "intelligent"]).
word(start, W) :- memberchk(W, ["play", "start", "new", "begin"]).
word(setup, W) :- memberchk(W, ["mode", "gamemode", "modes", "players"]).
word(leave, W) :- memberchk(W, ["exit", "quit", "leave", "back", "rules", "instructions",
                                "help", "credits", "about", "settings", "tutorial", "how"]).

%   roles_named(+Text, -Roles): the roles a question in the form P1/P2
%   names, Key-Key: short words ("h"), a bracket expanded ("pc[1/2]":
%   pc1, pc2).
roles_named(Text, Roles) :-
    split_string(Text, " \t\n\"',;:()", " \t\n\"',;:()", Tokens),
    findall(R-R, ( member(T, Tokens), role(T, R0), atom_string(R, R0) ), Roles0),
    list_to_set(Roles0, Roles).

role(Token, Role) :-
    sub_string(Token, B, 1, _, "["),
    sub_string(Token, 0, B, _, Prefix),
    sub_string(Token, _, 1, 0, "]"),
    !,
    B1 is B + 1,
    sub_string(Token, B1, _, 1, Inside),
    split_string(Inside, "/|,", " ", Parts),
    member(P, Parts),
    string_concat(Prefix, P, Role).
role(Token, Token) :-
    string_length(Token, L),
    L >= 1, L =< 3,
    string_codes(Token, Cs),
    forall(member(C, Cs), code_type(C, alnum)),
    \+ memberchk(Token, ["p1", "p2", "or", "can", "be", "the", "it", "in", "of", "and", "a",
                         "is", "for", "to"]).

%   quoted_words(+Text, -Words): the short words Text quotes as what to
%   type ("Insert 'n' to proceed", `choose between "b" and "w"`, `Enter
%   "play." to start`: the full stop of a term left to the driver).
quoted_words(Text, Words) :-
    findall(W, ( member(Q, ["'", "\""]),
                 split_string(Text, Q, "", [_|Parts]),
                 append(Inside, [_], Parts),          % the text after the last quote
                 member(Part0, Inside),
                 split_string(Part0, "", ".", [Part]),
                 string_length(Part, L), L >= 1, L =< 12,
                 string_codes(Part, Cs), forall(member(C, Cs), code_type(C, alnum)),
                 atom_string(W, Part) ), Words0),
    list_to_set(Words0, Words),
    Words \== [].

%   unnamed_variables(+Codes0, -Codes): a variable the game wrote (_123,
%   _G123) as _: a question asked again under a list the game failed to
%   make ("_454702") is the same question.
unnamed_variables(Cs0, Cs) :-
    unnamed_variables(Cs0, 0' , Cs).

unnamed_variables([], _, []).
unnamed_variables([0'_|Cs0], Prev, [0'_|Cs]) :-
    \+ code_type(Prev, csym),
    (   Cs0 = [0'G|Cs1] -> true ; Cs1 = Cs0 ),
    Cs1 = [D|_], code_type(D, digit),
    !,
    drop_digits(Cs1, Cs2),
    unnamed_variables(Cs2, 0'0, Cs).
unnamed_variables([C|Cs0], _, [C|Cs]) :-
    unnamed_variables(Cs0, C, Cs).

drop_digits([D|Cs0], Cs) :-
    code_type(D, digit),
    !,
    drop_digits(Cs0, Cs).
drop_digits(Cs, Cs).

%   again_cut(+Text0, -Text): Text0 before its first line that asks to
%   play again: what the loop writes once answered is no longer this
%   game's end (it may end another, or come back to a board of its own).
again_cut(Text0, Text) :-
    split_string(Text0, "\n", "", Lines),
    (   append(Before, [Line|_], Lines),
        string_lower(Line, Lower),
        member(P, ["play again", "play another", "another game", "new game",
                   "jogar novamente", "jogar de novo", "novo jogo", "outro jogo",
                   "jogar outra vez"]),
        sub_string(Lower, _, _, _, P)
    ->  atomic_list_concat(Before, '\n', A),
        atom_string(A, Text)
    ;   Text = Text0
    ).
