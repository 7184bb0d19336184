:- module(arena_gamefile_loop_attempts,
          [ lines_read/2,             % +Entry, +Input
            ran_as/2,                 % +Entry, +Input
            best_attempt/6,           % +Code, +Input, +Outcome, +N, +Marks, +Text
            loop_headline/1,          % -Head
            last_words/2,             % +Text, -Last
            driven/2,                 % +Input, -How
            why_not/3,                % +Outcome, +How, -Note
            game_seconds/1            % -Seconds
          ]).
:- use_module(library(lists)).
:- use_module(safety, [game_error_text/3]).
:- use_module(loop_answer, [loop_answers/1, loop_question/1]).
:- use_module(loop_names, [lower_apart/2]).
:- use_module(loop_game, []).

/** <module> The runs of a game's own loop tried so far

What the search through a game's own loop (prolog/gamefile/propose_loopgame.pl)
keeps of its runs: the fixed answers a run showed to end the same way,
and the run that went farthest, for the reason given where none plays.
*/

%   lines_read(+Entry, +Input): a run of Entry on the fixed Input that
%   failed the screen read its first lines only: any input that starts
%   with them runs the same (the seed is the same), and is not tried.
lines_read(Entry, Input) :-
    (   atom(Input),
        nb_current(arena_loop_lines, L), integer(L)
    ->  atomic_list_concat(Lines, '\n', Input),
        length(Read, L),
        append(Read, _, Lines)
    ->  atomic_list_concat(Read, '\n', Prefix0),
        (   L > 0 -> atom_concat(Prefix0, '\n', Prefix) ; Prefix = '' ),
        nb_current(arena_loop_ran, Ran0),
        nb_setval(arena_loop_ran, [Entry-Prefix|Ran0])
    ;   true
    ).

ran_as(Entry, Input) :-
    atom(Input),
    nb_current(arena_loop_ran, Ran),
    member(Entry-Prefix, Ran),
    sub_atom(Input, 0, _, _, Prefix),
    !.

%   best_attempt(+Code, +Input, +Outcome, +N, +Marks, +Text): the run that made
%   the most picks so far (then one the game's own code threw in, then
%   one whose questions were answered as they asked, then the one that
%   read the most lines; the arena typing a person's moves,
%   tried last, only where no other way ran) is remembered, for
%   loop_reason/2, and what it shows the game itself lacks (headline/4),
%   said first.
best_attempt(Code, Input, Outcome, N, Marks, Text) :-
    (   N > 0 -> nb_setval(arena_loop_moved, true) ; true ),  % typed moves too
    (   nb_current(arena_loop_lines, L1) -> true ; Marks = [at(_, L1)|_] -> true ; L1 = 0 ),
    (   Outcome = ended(error(_)) -> Threw = 1 ; Threw = 0 ),   % the game's own error
    (   Input == prompted(auto) -> Asked = 1 ; Asked = 0 ),      % its questions read
    (   nb_current(arena_loop_best, best(Best0, _)),
        (   Best0 @>= N-Threw-Asked-L1
        ;   Input == prompted(typed)          % tried last: an earlier way's reason stays
        )
    ->  true
    ;   
        (   Input = prompted(_)
        ->  loop_answers(Given),
            length(Given, NG),
            (   NG > 8 -> length(First, 8), append(First, _, Given), More = ', ...'
            ;   First = Given, More = ''
            ),
            atomic_list_concat(First, ', ', Start0),
            (   loop_question(asked(QTail0, Refused, Tried))
            ->  string_length(QTail0, QL),
                (   QL > 80 -> sub_string(QTail0, _, 80, 0, QTail) ; QTail = QTail0 ),
                split_string(QTail, "\n\r\t", " ", QParts),
                atomic_list_concat(QParts, ' ', QText),
                (   Refused > 0
                ->  atomic_list_concat(Tried, ', ', TriedText),
                    format(atom(Refusal), " took none of ~w", [TriedText])
                ;   Refusal = ''
                ),
                format(atom(Start), "as its questions asked: ~w~w; its last question \c
                                     (~q)~w", [Start0, More, QText, Refusal])
            ;   format(atom(Start), "as its questions asked: ~w~w", [Start0, More])
            )
        ;   sub_atom(Input, 0, 12, _, Start)
        ),
        last_words(Text, Last),
        (   Input = prompted(_) -> Shown = Start ; format(atom(Shown), "~q...", [Start]) ),
        once(outcome_text(Code, Outcome, Then0)),
        no_pick_note(N, Outcome, Text, Then0, Then, Kind),
        format(atom(Note), "the answers that went farthest (~w) made ~w picks, \c
                            reading ~w lines, then ~w; its last words: ~w",
               [Shown, N, L1, Then, Last]),
        (   headline(Code, Outcome, Kind, Head) -> true ; Head = none ),
        nb_setval(arena_loop_best, best(N-Threw-Asked-L1, Note)),
        nb_setval(arena_loop_headline, Head-Kind)
    ).

%   headline(+Code, +Outcome, +Kind, -Head): what the farthest run shows
%   the game itself lacks, said first in the reason: its own code calls
%   a predicate it never defines or runs out of stack (not an error an
%   answer the arena typed may have caused), or it makes no move.
headline(Code, ended(error(E)), _, Head) :-
    (   E = error(existence_error(procedure, _), _)
    ;   E = error(resource_error(_), _)
    ),
    game_error_text(Code, E, Text),
    format(atom(Head), "the game's own code fails in its loop: ~w", [Text]).
headline(_, _, unfinished, 'the game looks unfinished: its own loop makes no move').

%!  loop_headline(-Head) is semidet.
%
%   What the farthest run showed the game itself lacks; not unfinished
%   where any run (the arena typing a person's moves too) made a move.

loop_headline(Head) :-
    nb_current(arena_loop_headline, Head-Kind),
    Head \== none,
    \+ ( Kind == unfinished, nb_current(arena_loop_moved, true) ).

%   outcome_text(+Code, +Outcome, -Text): how a run ended, an error of
%   the game's own code as its message says it.
outcome_text(Code, ended(error(E)), Text) :-
    !,
    game_error_text(Code, E, Text0),
    format(atom(Text), "threw: ~w", [Text0]).
outcome_text(_, ended(Why), Text) :-
    outcome_said(Why, Text0),
    !,
    Text = Text0.
outcome_text(_, point(_), Text) :-
    !,
    Text = 'read a line between two picks'.
outcome_text(_, Outcome, Text) :-
    format(atom(Text), "~q", [Outcome]).

%   no_pick_note(+N, +Outcome, +Text, +Then0, -Then, -Kind): a run that
%   ended by itself with no pick either played a game the arena could not
%   follow or never reached a move (Kind unfinished; else none).
no_pick_note(0, ended(Why), Text, Then0, Then, Kind) :-
    memberchk(Why, [returned, failed]),
    !,
    lower_apart(Text, Lower),
    (   arena_loop_game:end_said_in(Lower)
    ->  Kind = none,
        format(atom(Then), "~w after it said the game ended, with no pick the arena \c
                            could make (its computer players pick otherwise than by \c
                            random_member/2, random_select/3 or random/3 over their \c
                            moves, or the game ended before any move)", [Then0])
    ;   Why == returned                 % (a loop that fails may have failed on
    ->  Kind = unfinished,              % an answer it did not expect)
        format(atom(Then), "~w with no move asked for or made (the game looks \c
                            unfinished)", [Then0])
    ;   Kind = none,
        Then = Then0
    ).
no_pick_note(_, _, _, Then, Then, none).

outcome_said(returned, 'its loop returned').
outcome_said(failed, 'its loop failed').
outcome_said(input, 'asked for more than the answers held').
outcome_said(restart, 'started its menu again').
outcome_said(halt, 'halted').
outcome_said(time, 'ran out of time').
outcome_said(refused, 'refused every answer the arena could type at its question').
outcome_said(stuck, 'made 256 picks in a row with nothing new written or read').
outcome_said(flood, 'wrote more than 8 MB between two picks').

%   last_words(+Text, -Last): the last 160 characters of Text, on one line.
last_words(Text, Last) :-             % runs of blanks as one (a board's padding)
    (   string_length(Text, TL), TL > 2000
    ->  sub_string(Text, _, 2000, 0, Tail)
    ;   Tail = Text
    ),
    normalize_space(string(Words), Tail),
    (   string_length(Words, WL), WL > 160
    ->  sub_string(Words, _, 160, 0, Last0)
    ;   Last0 = Words
    ),
    atom_string(Last, Last0).

%   game_seconds(-Seconds): the time a whole game of the loop may take
%   (prolog/gamefile/propose_loopgame.pl sets it from the search's).
game_seconds(Seconds) :-
    (   nb_current(arena_loop_game_seconds, S), integer(S) -> Seconds = S ; Seconds = 15 ).

%   driven(+Input, -How): how the loop was driven, for a reason.
driven(prompted(typed), 'with the arena typing a person\'s moves') :- !.
driven(_, 'driven computer against computer').

%   why_not(+Outcome, +How, -Note): why a run that ended so played no game.
why_not(point(_), How, Note) :-
    format(atom(Note), "its loop, ~w, did not end within 1500 picks", [How]).
why_not(ended(time), How, Note) :-
    game_seconds(Game),
    More is 48 * Game + 20,             % three times the time for a whole game
    nb_setval(arena_loop_more_time, More),
    format(atom(Note), "its loop, ~w, did not end a game within ~w s", [How, Game]).
why_not(ended(diverged), _, 'its loop did not make the same picks again from the same answers').
why_not(ended(error(E)), How, Note) :-
    format(atom(Note), "its loop, ~w, threw ~W", [How, E, [max_depth(6), quoted(true)]]).
why_not(ended(Why), _, Note) :-
    format(atom(Note), "its loop ended (~w) before a game was played", [Why]).
