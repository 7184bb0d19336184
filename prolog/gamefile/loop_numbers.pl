:- module(arena_loop_numbers,
          [ numbers_asked/3,          % +Lower, +Near, -Answers
            bracketed/2,              % +Text, -Inside
            range_asked/1,            % +Lower
            range_over_keys/2,        % +Lines, +Options
            square_part/1             % +Lower
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(yall)).
:- use_module(loop_words, [leaving_answer/2, question_of/2]).

/** <module> The numbers a course game's question asks for

A question without a menu (prolog/gamefile/loop_prompt.pl) may name a
range ("between 5 and 9", "(4-12)", "an odd number greater than 7") or
the numbers it takes: the answers to try, in order.
*/

%   numbers_asked(+Lower, +Near, -Answers): from the last bracket with a
%   number in it (or the whole question): a range "5-9", "between 5 and
%   9", "5 to 9" gives its numbers from the smallest (or, for a board's
%   size or a range of ten or more, from 7), those of the parity it names first; else the numbers
%   named, in order.
numbers_asked(Lower, Near, Answers) :-
    (   last_group(Lower, Group0) -> true ; Group0 = Lower ),
    seatless(Group0, Group),
    integers(Group, Ns0),
    exclude(leaving_number(Lower), Ns0, Ns),
    (   (   Ns = [Lo, Hi], Lo < Hi,
            once(( member(S, ["-", " to ", "between", "..", " a "]), sub_string(Group, _, _, _, S)
                 ; sub_string(Lower, _, _, _, "between") ))
        ;   Ns = [N],                   % "greater than 7", "at least 5"
            once(( member(W-D, ["greater than "-1, "bigger than "-1, "more than "-1,
                                "higher than "-1, "larger than "-1, "at least "-0]),
                   sub_string(Lower, _, _, _, W) )),
            Lo is N + D, Hi is Lo + 11
        ;   Ns = [N],                   % "(max 4)", "up to 5", "less than 6"
            once(( member(W-D, ["max"-0, "up to "-0, "at most "-0, "less than "-1,
                                "smaller than "-1, "lower than "-1, "até "-0]),
                   sub_string(Lower, _, _, _, W) )),
            (   level_asked(Lower) -> Lo = 0 ; Lo = 1 ),  % a level 0 (random) is
            Hi is N - D, Lo < Hi                        % often the easiest
        )
    ->  Top is min(Hi, Lo + 11),
        numlist(Lo, Top, All),
        (   parity(Lower, Near, odd) -> include([X]>>(X mod 2 =:= 1), All, Pick)
        ;   parity(Lower, Near, even) -> include([X]>>(X mod 2 =:= 0), All, Pick)
        ;   Pick = All
        ),
        subtract(All, Pick, Others),      % where the text says odd and means even
        (   ( sized(Near) ; Hi - Lo >= 10 )     % a wide range: a size, asked anew
        ->  maplist(typical_first, [Pick, Others], [Pick2, Others2])
        ;   Pick2 = Pick, Others2 = Others
        ),
        append(Pick2, Others2, Pick1)
    ;   list_to_set(Ns, Pick1)
    ),
    Pick1 \== [],
    maplist([N, A]>>atom_number(A, N), Pick1, Answers).

%   seatless(+Text0, -Text): Text0 without the numbers that name a seat
%   ("cpu 2 level": whose level is asked, not an answer).
seatless(Text0, Text) :-
    split_string(Text0, " ", "", Parts0),
    seat_dropped(Parts0, Parts),
    atomic_list_concat(Parts, ' ', A),
    atom_string(A, Text).

seat_dropped([S, N|Ps0], [S|Ps]) :-
    memberchk(S, ["cpu", "player", "bot", "computer", "pc", "ai", "jogador", "p"]),
    sub_string(N, 0, 1, _, C), char_type(C, digit(_)),
    !,
    seat_dropped(Ps0, Ps).
seat_dropped([P|Ps0], [P|Ps]) :-
    !,
    seat_dropped(Ps0, Ps).
seat_dropped([], []).

level_asked(Lower) :-
    once(( member(W, ["level", "difficulty", "smart", "nível", "nivel", "dificuldade"]),
           sub_string(Lower, _, _, _, W) )).

leaving_number(Text, N) :-
    atom_number(A, N),
    leaving_answer(Text, A).

%   parity(+Lower, +Near, -P): odd or even, as the text refusing an
%   answer says it (it may contradict the question), else the question.
parity(Lower, Near, P) :-
    string_lower(Near, NearLower),
    split_string(NearLower, "\n", "", _),
    (   once(( member(R, ["invalid", "must", "has to", "should", "remember", "only"]),
               sub_string(NearLower, B, _, _, R) )),
        sub_string(NearLower, B, _, 0, After),
        once(( member(P0, [even, odd]), sub_string(After, _, _, _, P0) ))
    ->  P = P0
    ;   member(P, [odd, even]),
        sub_string(Lower, _, _, _, P)
    ->  true
    ),
    !.

%   sized(+Near): the question is a board's size (the smallest is seldom
%   a game: a typical size first).
sized(Near) :-
    string_lower(Near, Lower),
    once(( member(W, ["size", "board", "rows", "columns", "width", "height", "dimension",
                      "tamanho", "tabuleiro", "linhas", "colunas"]),
           sub_string(Lower, _, _, _, W) )).

typical_first(Ns, Sorted) :-
    map_list_to_pairs([N, K]>>(K is abs(N - 7) * 2 + sign(max(0, N - 7))), Ns, Keyed),
    keysort(Keyed, Pairs),
    pairs_values(Pairs, Sorted).

last_group(Lower, Group) :-
    findall(G, ( bracketed(Lower, G), integers(G, [_|_]), \+ leaving_answer(G, _) ), Gs),
    last(Gs, Group).

%   bracketed(+Text, -Inside): the text inside a pair of brackets, (),
%   [] or {}, on backtracking each.
bracketed(Text, Inside) :-
    member(O-C, ["("-")", "["-"]", "{"-"}"]),
    sub_string(Text, B, _, _, O),
    B1 is B + 1,
    sub_string(Text, E, _, _, C), E > B1,
    Len is E - B1,
    sub_string(Text, B1, Len, _, Inside),
    \+ sub_string(Inside, _, _, _, O).

integers(Text, Ns) :-
    string_codes(Text, Codes),
    phrase(integers(Ns), [0' |Codes]).

%   Not the digits that end a word ("player1 Next Move:", "P2"): a name;
%   nor those of a variable written ("Invalid Input! _219246").
integers(Ns) --> [L, C], { ( code_type(L, alpha), \+ code_type(L, digit) ; L == 0'_ ),
                           code_type(C, digit) },
    !, digits_rest(_), integers(Ns).
integers([N|Ns]) --> [_, C], { code_type(C, digit) }, !, digits_rest(Ds),
    { number_codes(N, [C|Ds]) }, integers(Ns).
integers(Ns) --> [_], !, integers(Ns).
integers([]) --> [].

digits_rest([D|Ds]) --> [D], { code_type(D, digit) }, !, digits_rest(Ds).
digits_rest([]) --> [].

%   range_asked(+Lower): the question itself names a range of numbers
%   ("(1 to 7)"), which its answer is taken from.
range_asked(Lower) :-
    numbers_asked(Lower, "", [_, _|_]).

%   range_over_keys(+Lines, +Options): the question (the last of Lines)
%   names a range of numbers that holds none of the keys of the options
%   (Key-Label, or keys) listed above it ("Hexagon between 1 and 7:" under a board's legend
%   "B - Blue", "G - Green"): its answer is taken from the range.
range_over_keys(Lines, Options) :-
    question_of(Lines, Question),
    string_lower(Question, Lower),
    numbers_asked(Lower, "", [N1, N2|Ns]),
    \+ ( member(O, Options), ( O = K-_ -> true ; K = O ), memberchk(K, [N1, N2|Ns]) ).

%   square_part(+Lower): the question asks a row or a column of a square.
square_part(Lower) :-
    split_string(Lower, " :?,.()", " :?,.()", Words),
    member(W, ["column", "col", "row", "coluna", "linha", "columna", "fila"]),
    memberchk(W, Words),
    !.
