:- module(arena_loop_answer,
          [ output_stream/1,          % -Out
            input_stream/3,           % +Input, +Out, -In
            written_text/1,           % -Text
            clear_written/0,
            loop_answers/1,           % -Answers
            loop_question/1,          % -Asked
            new_pick/0,
            modes_seen/1              % -Menus
          ]).
:- use_module(library(prolog_stream)).
:- use_module(loop_stop, [stop_run/1, stopping/0]).
:- use_module(library(lists)).
:- use_module(library(pairs), [pairs_values/2]).
:- use_module(library(apply), [include/3]).
:- use_module(library(aggregate)).
:- use_module(loop_prompt).
:- use_module(loop_seen, [seen_or/4]).
:- use_module(loop_words, [names_a_seat/1, unnamed_variables/2]).
:- use_module(loop_typed).

/** <module> The terminal of a game played through its own loop

The loop's output is kept as it is written (output_stream/1), and its
input, where the adapter says prompted(Dot), is typed question by
question (input_stream/3) from what it wrote since it last read.

Each question's candidates come from prolog/gamefile/loop_prompt.pl;
the first is typed, the next where the question is asked again after
an answer it refused, an empty line where it only waits for a key.
*/

%!  output_stream(-Out) is det.
%
%   A stream whose text is kept, for written_text/1.

output_stream(Out) :-
    nb_setval(arena_loop_kept, 0-0),
    open_prolog_stream(arena_loop_answer, write, Out, []).

%   The characters a run keeps at most between two picks, and in all (a
%   whole game's text is some 100 KB to a few MB): a loop that writes for
%   ever (a printing helper backtracked into: `print_n(_, 0). print_n(S,
%   N) :- write(S), N1 is N-1, print_n(S, N1).`) is stopped there, not
%   kept until memory runs out.
kept_at_most(8_000_000, 64_000_000).

%   note_modes(+Prompt): a menu that names players' seats is kept
%   (arena_loop_modes, a list of label lists, reset by modes_seen/1's
%   caller), for the reason no adapter was found.
note_modes(Prompt) :-
    (   menu_options(Prompt, Options),
        pairs_values(Options, Labels),
        include(names_a_seat, Labels, [_|_])
    ->  (   nb_current(arena_loop_modes, Seen0), is_list(Seen0) -> true ; Seen0 = [] ),
        (   memberchk(Labels, Seen0)
        ->  true
        ;   length(Seen0, N), N < 8
        ->  nb_setval(arena_loop_modes, [Labels|Seen0])
        ;   true
        )
    ;   true
    ).

%!  modes_seen(-Menus) is det.
%
%   The menus of players' seats the loop's runs asked, each a list of
%   labels, first seen first.

modes_seen(Menus) :-
    (   nb_current(arena_loop_modes, Seen), is_list(Seen)
    ->  reverse(Seen, Menus)
    ;   Menus = []
    ).

%!  new_pick is det.
%
%   The loop made a pick (prolog/gamefile/loop_drive.pl): the text since
%   the last one is counted anew.

new_pick :-
    (   nb_current(arena_loop_kept, _-Total)
    ->  nb_setval(arena_loop_kept, 0-Total)
    ;   true
    ),
    (   nb_current(arena_loop_io, io(_, _, _, _, Given, _)),
        is_list(Given)
    ->  length(Given, AllGiven),
        nb_setval(arena_loop_given_pick, AllGiven)
    ;   true
    ).

%!  written_text(-Text) is det.

written_text(Text) :-
    findall(S, written(_, S), Strings),
    atomics_to_string(Strings, Text).   % no atom: atom GC counts atoms, not bytes

%!  clear_written is det.

clear_written :-
    retractall(written(_, _)).

%   The loop's output: kept as it is flushed, written(Index, String),
%   so that a question can be read from what it wrote before it.
:- thread_local written/2.

:- public stream_write/2, stream_read/2, stream_close/1.

stream_write(_, String) :-
    stopping,
    (   nb_current(arena_loop_kept, Since0-Total0)
    ->  string_length(String, Len),
        Since is Since0 + Len,
        Total is Total0 + Len,
        kept_at_most(MaxSince, MaxTotal),
        (   ( Since0 > MaxSince ; Total0 > MaxTotal )
        ->  true                        % flooded: the rest is dropped
        ;   nb_setval(arena_loop_kept, Since-Total),
            ( Since > MaxSince ; Total > MaxTotal )
        ->  stop_run(arena_loop_flood)
        ;   keep_written(String)
        )
    ;   keep_written(String)
    ).

keep_written(String) :-
    (   nb_current(arena_loop_io, io(_, _, _, _, _, N)) -> true ; N = 0 ),
    assertz(written(N, String)),
    N1 is N + 1,
    (   nb_current(arena_loop_io, io(A, B, C, D, E, _))
    ->  nb_setval(arena_loop_io, io(A, B, C, D, E, N1))
    ;   nb_setval(arena_loop_io, io(none, none, 0, 0, [], N1))
    ).

%   input_stream(+Input, +Out, -In): the text Input, or prompted(Dot):
%   each question answered from what the loop wrote since it last read
%   (prolog/gamefile/loop_answer.pl), each answer followed by Dot (a
%   full stop for read/1, or nothing, or auto: as the reader asks).
input_stream(prompted(Dot), Out, In) :-
    !,
    prompt(_, '|: '),                   % a run before may have left its own
    nb_setval(arena_loop_io, io(Dot-Out, none, 0, 0, [], 0)),
    nb_setval(arena_loop_asked, 0),
    nb_setval(arena_loop_seen, []),
    nb_setval(arena_loop_echo, ''),
    nb_setval(arena_loop_question, none),
    nb_setval(arena_loop_key_pause, none),
    nb_setval(arena_loop_given_pick, 0),
    typed_reset,
    open_prolog_stream(arena_loop_answer, read, In, []).
input_stream(Input, _, In) :-
    nb_setval(arena_loop_io, io(none, none, 0, 0, [], 0)),
    open_string(Input, In).

stream_read(_, Line) :-
    stopping,
    nb_getval(arena_loop_io, io(Dot-Out, Last0, Repeat0, From, Given, _)),
    flush_output(Out),
    nb_getval(arena_loop_io, io(_, _, _, _, _, N)),
    findall(S, ( written(I, S), I >= From ), Strings0),
    atomic_list_concat(Strings0, Written),
    (   prompt(Shown, Shown),           % what a terminal shows before input
        Shown \== '|: ', Shown \== ''
    ->  append(Strings0, [Shown], Strings)
    ;   Strings = Strings0
    ),
    atomic_list_concat(Strings, Prompt1),
    (   nb_current(arena_loop_echo, Echo),      % our answer shown, not asked
        Echo \== '',
        atom_concat(Echo, Prompt2, Prompt1)
    ->  Prompt3 = Prompt2
    ;   Prompt3 = Prompt1
    ),
    (   Prompt3 == '',                  % read again at once: the key was a question
        Given = [''|_],
        nb_current(arena_loop_key_pause, paused(Asked0))
    ->  nb_setval(arena_loop_key_pause, question(Asked0)),
        Prompt = Asked0
    ;   Prompt = Prompt3
    ),
    length(Given, Asked),
    nb_getval(arena_loop_given_pick, GivenAtPick),
    Since is Asked - GivenAtPick,           % answers since the last pick, not in all
    (   nb_getval(arena_loop_typing, on)    % (a long game's pauses add up)
    ->  (   Since >= 100 -> stop_run(arena_loop_refused) ; true )  % all refused
    ;   Since >= 300,                       % a question in play asked for ever: no end
        nb_current(arena_loop, drive(_, _, [_|_], _, _))    % of a game (after a pick)
    ->  stop_run(arena_loop_refused)
    ;   true
    ),
    (   Since >= 300                        % a menu asked for ever: the text
    ->  Line = "",                          % read so far is not read again
        nb_setval(arena_loop_io, io(Dot-Out, Last0, Repeat0, N, Given, N))
    ;   (   pause(Prompt)
        ;   Prompt == '', Given = [''|_]    % the same pause, read on
        )
    ->  (   term_read -> Line = "c. " ; Line = "\n" ),     % read/1 would leave a newline
        nb_setval(arena_loop_io, io(Dot-Out, Last0, 0-0, N, [''|Given], N))
    ;   (   silent_refusal(Written, Given, Last0)
        ->  Key = Last0,                % read again without a word: the next
            Key = Answers-_,
            (   Repeat0 = R0-_ -> true ; R0 = 0 ),
            R1 is R0 + 1,
            Repeat = R1-0,
            Typed = retry
        ;   (   Last0 = _-Before0 -> true ; Before0 = "" ),
            board_before(Dot, Prompt, Before0, Before1),
            (   Dot == typed, Given = [Last|_]  % the answer to it: a move's part
            ->  format(string(Before), "~w~n~w~n", [Before1, Last])
            ;   Before = Before1
            ),
            seen_or(answers, Prompt-Before, Answers0, prompt_answers(Prompt, Before, Answers0)),
            note_modes(Prompt),
            names_apart(Answers0, Given, Answers1),
            people_first(Dot, Prompt, Answers1, Answers),
            question_key(Prompt, Answers, Key),
            repeat_count(Key, Last0, Prompt, Repeat0, Repeat10),
            typed_again(Repeat10, Prompt, Repeat0, Repeat1),
            typed_kind(Dot, Prompt, Answers, Repeat1, Typed),
            asked_in_a_row(Typed, Key),
            (   Typed = typed(_)
            ->  Repeat = 0-0
            ;   Typed == retry
            ->  Repeat = Repeat1
            ;   come_back(Key, Last0, Repeat1, Repeat)
            )
        ),
        Repeat = R-_,
        typed_index(Typed, Answers, R, I),
        nth0(I, Answers, Answer0),
        typed_case(Typed, Answer0, Answer),
        answer_line(Dot, Answer, Line),
        nb_getval(arena_loop_asked, A0),
        A is A0 + 1,
        nb_setval(arena_loop_asked, A),
        Key = _-Tail, Repeat = Refused-_,
        nb_setval(arena_loop_question, asked(Tail, Refused, Answers)),
        nb_setval(arena_loop_io, io(Dot-Out, Key, Repeat, N, [Answer|Given], N))
    ),
    echo(Out, Line).

%   asked_in_a_row(+Typed, +Key): a person's question asked 64 times in
%   a row in the same words, nothing else written between (under a list
%   of moves the game fails to make: "_454702"), refused every answer.
asked_in_a_row(typed(_), _-Tail) :-
    !,
    (   nb_current(arena_loop_in_a_row, Tail-K0) -> K is K0 + 1 ; K = 1 ),
    (   K >= 64 -> stop_run(arena_loop_refused) ; true ),
    nb_setval(arena_loop_in_a_row, Tail-K).
asked_in_a_row(_, _).

%   names_apart(+Answers0, +Given, -Answers): a name asked again (of the
%   next player) gets the next name first: the game tells its players
%   apart by name.
names_apart(Answers0, Given, Answers) :-
    Answers0 = [alpha|_],
    !,
    aggregate_all(count, ( member(A, Given), memberchk(A, Answers0) ), K),
    length(Front, K),
    (   append(Front, Back, Answers0) -> append(Back, Front, Answers) ; Answers = Answers0 ).
names_apart(Answers, _, Answers).

%   silent_refusal(+Written, +Given, +Last): the loop wrote nothing but
%   the last answer's echo before reading again (it refused it silently).
silent_refusal(Written, [Prev|_], _-_) :-
    Prev \== '',
    split_string(Written, "", " \n\r\t", [Bare]),
    atom_string(Prev, Bare).

%   echo(+Out, +Line): the answer shown as a terminal shows what is
%   typed (the next text starts on a line of its own).
echo(Out, Line) :-
    (   Line == ""
    ->  nb_setval(arena_loop_echo, '')
    ;   split_string(Line, "", " \n", [Typed]),
        format(atom(Echo), "~w~n", [Typed]),
        nb_setval(arena_loop_echo, Echo),
        write(Out, Echo)
    ).

%   answer_line(+Dot, +Answer, -Line): Answer as typed; where Dot is auto,
%   a term with a full stop if read/1 or read_term/2,3 reads it (quoted
%   where it would not read as itself), else a line.
answer_line(Dot, Answer, Line) :-
    memberchk(Dot, [auto, typed]),
    !,
    (   term_read
    ->  (   catch(term_string(T, Answer), _, fail), ground(T)
        ->  format(string(Line), "~w.~n", [Answer])
        ;   format(string(Line), "~q.~n", [Answer])
        )
    ;   format(string(Line), "~w~n", [Answer])
    ).
answer_line(Dot, Answer, Line) :-
    format(string(Line), "~w~w~n", [Answer, Dot]).

term_read :-
    reader([system:read/1, system:read/2, system:read_term/2, system:read_term/3]).

%   reader(+PIs): one of PIs is what reads (among the 8 frames nearest).
reader(PIs) :-
    prolog_current_frame(F),
    reader(F, PIs, 8).

reader(F, PIs, N) :-
    N > 0,
    (   prolog_frame_attribute(F, predicate_indicator, PI),
        memberchk(PI, PIs)
    ->  true
    ;   prolog_frame_attribute(F, parent, P),
        N1 is N - 1,
        reader(P, PIs, N1)
    ).

%   pause(+Prompt): the loop waits for a key between moves ("press
%   enter to continue", a skip_line after a computer's move, a key read
%   after a whole line that asks nothing, or a line read after any text
%   that asks nothing, unless the same text was such a pause just
%   before, or was read again at once): an empty line answers it, or a
%   term where read/1 reads it.
pause(_) :-
    reader([system:skip_line/0, system:skip_line/1, system:skip/1, system:skip/2]),
    !.
pause(Prompt) :-                        % a key read after a whole line, no menu
    reader([system:get_char/1, system:get_code/1, system:get0/1, system:get/1,
            system:peek_char/1, system:peek_code/1]),
    split_string(Prompt, "", " \t", [Text]),
    sub_string(Text, _, 1, 0, "\n"),
    new_pause(Text),
    !.
pause(Prompt) :-                        % a line read after a text that asks
    reader([arena_sicstus_lib:read_line/1, arena_sicstus_lib:read_line/2,   % nothing
            read_util:read_line_to_codes/2, read_util:read_line_to_string/2]),
    split_string(Prompt, "", " \t\n", [Text]),   % ("Move 3" then `write(' '), read_line(_)`)
    Text \== "",
    new_pause(Text),
    !.
pause(Prompt) :-
    string_length(Prompt, L),
    (   L > 120 -> sub_string(Prompt, _, 120, 0, Tail) ; Tail = Prompt ),
    string_lower(Tail, Lower),
    (   sub_string(Lower, _, _, _, "press"),
        once(( member(W, ["enter", "key", "continue", "return"]), sub_string(Lower, _, _, _, W) ))
    ;   once(( key_phrase(W), sub_string(Lower, _, _, _, W) ))   % "Type enter:"
    ;   once(( member(W, ["continue", "anything", "any key"]),   % "type anything to
               sub_string(Lower, _, _, _, W) )),                  % see the move"
        \+ sub_string(Lower, _, _, _, "?"),
        \+ sub_string(Lower, _, _, _, "y/n")
    ),
    !.

key_phrase(P) :- member(V, ["type", "hit", "tap", "prima", "pressione", "carregue", "clique"]),
    member(K, [" enter", " return", " any key", " qualquer tecla"]), string_concat(V, K, P).

%   new_pause(+Text): Text asks nothing, and was neither a pause just
%   before nor read again at once (then it was a question); it is now.
new_pause(Text) :-
    \+ prompt_asks(Text),
    \+ nb_current(arena_loop_key_pause, question(Text)),
    \+ nb_current(arena_loop_key_pause, paused(Text)),
    nb_setval(arena_loop_key_pause, paused(Text)).

stream_close(_).

%!  loop_question(-Asked) is semidet.
%
%   The last question of the last prompted run: asked(Tail, Repeat,
%   Answers), its text's end, how many answers it refused before the
%   last, the answers tried in turn.

loop_question(Asked) :-
    nb_current(arena_loop_question, Asked),
    Asked = asked(_, _, _).

question_key(Prompt, Answers, Answers-Tail) :-
    string_length(Prompt, L),
    (   L > 400 -> sub_string(Prompt, _, 400, 0, Tail0) ; Tail0 = Prompt ),
    string_codes(Tail0, Cs0),
    unnamed_variables(Cs0, Cs),
    string_codes(Tail, Cs).

%   repeat_count(+Key, +Last, +Prompt, +Repeat0, -Repeat): Refused-Same,
%   the answers the question refused before: one more where it says so;
%   where it only asks again in the same words, one more from its third
%   time (two computers' levels are often asked in the same words).
repeat_count(Answers-Tail, Last, Prompt, Repeat0, Repeat) :-
    (   Repeat0 = R0-S0 -> true ; R0 = 0, S0 = 0 ),
    (   Last = Answers-Tail0
    ->  (   refusal(Prompt)
        ->  R is R0 + 1, S = 0
        ;   Tail == Tail0
        ->  S is S0 + 1,
            (   S >= 2 -> R is R0 + 1 ; R = R0 )
        ;   R = 0, S = 0
        )
    ;   R = 0, S = 0
    ),
    Repeat = R-S.

%   come_back(+Key, +Last, +Repeat0, -Repeat): a question asked again
%   after others (a menu the loop returns to once a setting is made) takes
%   its next answer each time it comes back, unless its first answer is a
%   computer player (the same question, asked of the next player).
%   A menu asked before the first pick and asked again after picks
%   were made is the loop back at its menu after a game: that game has
%   ended (as a second game's start ends it, prolog/gamefile/loop_drive.pl).
come_back(Answers-Tail, Last, Repeat0, Repeat) :-
    nb_getval(arena_loop_seen, Seen0),
    picks_made(Picks),
    (   selectchk(Tail-K-P0, Seen0, Seen1) -> true ; K = 0, P0 = Picks, Seen1 = Seen0 ),
    (   K > 0, P0 =:= 0, Picks > 0,
        (   nb_current(arena_loop_typing, on)   % a person's move asked before the
        ->  seat_menu(Tail)                     % first pick: not the menu back
        ;   true
        )
    ->  stop_run(arena_loop_restart)
    ;   true
    ),
    K1 is K + 1,
    nb_setval(arena_loop_seen, [Tail-K1-P0|Seen1]),
    (   K > 0,
        Answers = [First, _|_],
        \+ machine_option(Tail, First),
        \+ Last = _-Tail
    ->  Repeat = K-0
    ;   Repeat = Repeat0
    ).

picks_made(N) :-
    (   nb_current(arena_loop, drive(_, _, Taken, _, _))
    ->  length(Taken, N)
    ;   N = 0
    ).

refusal(Prompt) :-
    string_lower(Prompt, Lower),
    member(W, ["invalid", "again", "not valid", "wrong", "error", "try", "must", "only"]),
    sub_string(Lower, _, _, _, W),
    !.

%!  loop_answers(-Answers) is det.
%
%   The answers the last prompted run gave, in order ('' at a pause).

loop_answers(Answers) :-
    (   nb_current(arena_loop_io, io(_, _, _, _, Given, _))
    ->  reverse(Given, Answers)
    ;   Answers = []
    ).
