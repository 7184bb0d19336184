:- module(arena_gamefile_propose_loopgame,
          [ loop_adapter/3,           % +Code, +FileBase, -Text
            loop_proposal/6,          % +Code, +Base, +Why0, +Limit, -Text, -Why
            loop_reason/2,            % +Code, -Reason
            loop_stopped/2            % +Seconds, +Error
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(library(pairs)).
:- use_module(library(yall)).
:- use_module(propose_code).
:- use_module(entry_points, [entry_point/2, entry_shown/2]).
:- use_module(loop_drive).
:- use_module(loop_answer, [modes_seen/1]).
:- use_module(loop_attempts).
:- use_module(loop_typed, [typed_questions/1]).
:- use_module(loop_words, [no_machine_mode/1, names_a_seat/1]).
:- use_module(loop_names, [names/3]).
:- use_module(loop_winner, [winner_guess/3, sides_by_last_pick/3, side_ended/3,
                               won_said/6]).
:- use_module(loop_watch, []).
:- use_module(loop_chooser, []).
:- use_module(loop_text, [adapter_text/5]).

/** <module> An adapter that plays a game through its own loop

The last resort of a proposal (prolog/gamehost.pl): where no adapter
over the game's rules could be found, its own play/0 is run with its
menu answered (prolog/gamefile/loop_drive.pl). The answers kept are the
first that make the loop play computer against computer: at least 6
random picks among two or more moves with no input read between them;
where none do, the same answers with each move of its computer player
made a pick among those its own code lists (prolog/gamefile/loop_chooser.pl);
where none do either, the arena types a person's moves at its questions.
A few whole games then played from there must end; the words its loop
writes before one player's picks and not before the other's name the
players (for the winner its last text names). The adapter's state is
the list of decisions taken.
*/

%!  loop_adapter(+Code, +FileBase, -Text) is semidet.

loop_adapter(Code, FileBase, Text) :-
    current_prolog_flag(arena_game_jail, true),
    nb_setval(arena_loop_chosen_tried, false),
    nb_setval(arena_loop_chooser_called, false),
    member(Way, [plain, chosen, typed]),    % every entry plainly first; its computer's
    way_on(Way, Code),                      % moves made picks, then typed, where those fail
    with_chosen(Way, way_games(Way, Code, Entry, Answers, Input, Games0)),
    (   Input == prompted(typed) -> Typed = true ; Typed = false ),
    (   known(Code, Entry, Games0, Typed, Input, Names0)
    ->  Names = Names0,
        (   Way == chosen -> Chosen = true ; Chosen = false )
    ;   Way == plain,                   % a computer that picks at random for no
        arena_loop_chooser:chooser(Code, _, _, _),  % move: its moves made picks,
        \+ nb_current(arena_loop_chosen_tried, true),  % for the first answers only
        nb_setval(arena_loop_chosen_tried, true),
        with_chosen(chosen, ( whole_games(Code, Entry, Input, Games1),
                              known(Code, Entry, Games1, Typed, Input, Names1) ))
    ->  Names = Names1, Chosen = true
    ),
    !,
    with_output_to(string(Text), adapter_text(Code, FileBase, Entry, Answers, Names-Chosen)).

%   way_on(+Way, +Code): Way is tried, from the first answers again; the
%   chosen way where the game has a computer player whose moves its own
%   code lists (prolog/gamefile/loop_chooser.pl), and the plain way's
%   runs called it.
way_on(Way, Code) :-
    (   Way == chosen
    ->  arena_loop_chooser:chooser(Code, _, _, _),
        nb_current(arena_loop_chooser_called, true),
        !
    ;   true
    ),
    nb_setval(arena_loop_ran, []).

with_chosen(Way, Goal) :-
    (   Way == chosen
    ->  setup_call_cleanup(nb_setval(arena_loop_chosen, true),
                           once(Goal),
                           nb_setval(arena_loop_chosen, false))
    ;   once(Goal)
    ).

known(Code, Entry, Games, Typed, Input, Names) :-
    names(Games, Typed, Names0),
    whose_turn_known(Typed, Names0),
    (   ( Names0 == none -> Turns = picks ; Names0 == grouped -> Turns = grouped ),
        aggregate_all(count, ( member(_-M-T, Games), side_ended(M, T, _) ), K), K >= 2,
        sides_seen(Code, Entry, Input, Games, Turns, Names1)  % a side wins, its moves
    ->  Names = Names1                  % unnamed: the last to pick, where more agree
    ;   Names = Names0,
        winner_known(Games, Names, Input)
    ).

%   sides_seen(+Code, +Entry, +Input, +Games, +Turns, -Names): Games and up to
%   nine more tell each side's seat by who picked last
%   (loop_winner:sides_by_last_pick/3); the more games' failures leave
%   the reason as it was.
sides_seen(Code, Entry, Input, Games, Turns, Names) :-
    (   nb_current(arena_loop_propose, Note) -> true ; Note = none ),
    findall(G, ( between(4, 12, Seed),
                 whole_game(Code, Entry, Input, Seed, G, _) ), More),
    nb_setval(arena_loop_propose, Note),
    append(Games, More, All),
    sides_by_last_pick(All, Turns, Names).

%   way_games(+Way, +Code, -Entry, -Answers, -Input, -Games): the first
%   entry and answers of Way whose screen passes, and whole games played
%   from there (a computer-only mode whose games never end, or that
%   throws in all, leaves the arena typing a person's moves to try).
way_games(Way, Code, Entry, Answers, Input, Games) :-
    entry_point(Code, Entry),     % a play/0 may skip the menu start/0 or menu/0 shows
    answers(Way, Answers),
    in_time,
    way_in_time(Way),
    answers_input(Answers, Input),
    \+ ran_as(Entry, Input),
    screen(Code, Entry, Input),
    !,
    whole_games(Code, Entry, Input, Games).

%   way_in_time(+Way): the ways with the computers' picks try no more
%   answers after three quarters of the search's time: the rest is the
%   typed way's (a mode of computers alone that never plays, then one
%   with a person's seat).
way_in_time(typed) :- !.
way_in_time(_) :-
    (   nb_current(arena_loop_way_deadline, Deadline), number(Deadline),
        get_time(Now), Now > Deadline
    ->  nb_getval(arena_propose_limit, Limit),
        nb_setval(arena_loop_stopped, Limit),
        fail
    ;   true
    ).

%   whose_turn_known(+Typed, +Names): where the arena types a person's
%   moves and a move takes several questions ("Row:", then "Column:"),
%   the player to move is the one the loop names: picks do not simply
%   alternate.
whose_turn_known(true, Names) :-
    Names \= turns(_, _),
    nb_current(arena_typed_shapes, Shapes),
    Shapes = [_, _|_],
    !,
    maplist([S, Q]>>format(atom(Q), "~q", [S]), Shapes, Quoted),
    atomic_list_concat(Quoted, ', ', Shown),
    format(atom(Note), "a person's move takes several questions (~w), and no words \c
                        its loop writes name whose turn it is", [Shown]),
    propose_note(prompted(typed), Note),
    fail.
whose_turn_known(_, _).

%   winner_known(+Games, +Names, +Input): fails, saying why, where the
%   games show that crediting the last to pick would be a guess
%   (prolog/gamefile/loop_winner.pl).
winner_known(Games, Names, Input) :-
    winner_guess(Games, Names, Why),
    !,
    driven(Input, How),
    format(atom(Note), "its loop, ~w, ~w: the arena would only guess who won", [How, Why]),
    propose_note(Input, Note),
    fail.
winner_known(_, _, _).

%!  loop_proposal(+Code, +Base, +Why0, +Limit, -Text, -Why) is det.
%
%   An adapter that plays the game through its own loop, searched for
%   Limit seconds, else Why0 and why not that either (what the farthest
%   run shows the game itself lacks said first).
loop_proposal(Code, Base, Why0, Limit, Text, Why) :-
    nb_setval(arena_loop_propose, none),
    nb_setval(arena_loop_best, best(-1-0-0, none)),
    nb_setval(arena_loop_headline, none-none),
    nb_setval(arena_loop_moved, false),
    nb_setval(arena_loop_modes, []),
    nb_setval(arena_loop_stopped, none),
    nb_setval(arena_loop_more_time, none),
    Game is max(15, Limit // 4),        % a whole game's time: a quarter of the search's
    nb_setval(arena_loop_game_seconds, Game),
    get_time(Now),
    WayDeadline is Now + Limit * 3 / 4,
    nb_setval(arena_loop_way_deadline, WayDeadline),
    nb_setval(arena_propose_limit, Limit),
    (   catch(within_deadline(Limit, loop_adapter(Code, Base, Text0)), E, loop_stopped(Limit, E))
    ->  Text = Text0,
        Why = ''
    ;   Text = '',
        loop_reason(Code, Loop),
        (   loop_headline(Head)
        ->  format(atom(Why), "~w; ~w; nor could the game be played through its own \c
                               loop: ~w", [Head, Why0, Loop])
        ;   format(atom(Why), "~w; nor could the game be played through its own loop: ~w",
                   [Why0, Loop])
        )
    ).

%!  loop_stopped(+Seconds, +Error) is failure.
%
%   The search for an adapter through the loop stopped on Error; where
%   that is its time limit of Seconds, loop_reason/2 says so.

loop_stopped(Seconds, Error) :-
    (   Error == arena_propose_timeout
    ->  nb_setval(arena_loop_stopped, Seconds)
    ;   true
    ),
    fail.

%!  loop_reason(+Code, -Reason) is det.
%
%   Why no adapter plays the game through its own loop; where its time
%   ran out before every way was tried, what more time to give.

loop_reason(Code, Reason) :-
    loop_reason_(Code, Reason0),
    (   nb_current(arena_loop_more_time, Slow), integer(Slow)
    ->  true                            % a whole game ran out of its time
    ;   Slow = 0
    ),
    (   nb_current(arena_loop_stopped, Seconds), number(Seconds)
    ->  More is max(max(300, 8 * Seconds + 20), Slow),   % twice the search's time
        format(atom(Reason), "~w (the arena stopped trying at its ~w s limit: give \c
                              check-game more time (--time ~w))", [Reason0, Seconds, More])
    ;   Slow > 0
    ->  format(atom(Reason), "~w (a game of its computers takes longer: give \c
                              check-game more time (--time ~w))", [Reason0, Slow])
    ;   Reason = Reason0
    ).

loop_reason_(Code, Reason) :-
    (   \+ entry_point(Code, _)
    ->  Reason = 'it has no play/0 (or main/0, start/0, menu/0, a play_game/0 that no clause calls, or such an entry of one argument that takes any) to drive'
    ;   nb_current(arena_loop_propose, Why), Why \== none
    ->  Reason = Why
    ;   modes_seen(Menus),
        member(Labels, Menus),
        no_machine_mode(Labels)
    ->  include(names_a_seat, Labels, Modes),
        maplist([L, Q]>>format(atom(Q), "~q", [L]), Modes, Quoted),
        atomic_list_concat(Quoted, ', ', Shown),
        format(atom(Reason), "its menu offers no mode with the computer on both sides \c
                              (~w), and the game took none of the answers the arena \c
                              could type for a person at its questions in play \c
                              (numbers of a range, letters, a board's labels)", [Shown])
    ;   once(entry_point(Code, Entry)),
        entry_shown(Entry, Called),
        (   nb_current(arena_loop_best, best(_, Note))
        ->  format(atom(Reason), "no answers to its menu made ~w play computer against \c
                                  computer with random picks (random_member/2, \c
                                  random_select/3, random/3): ~w", [Called, Note])
        ;   format(atom(Reason), "no answers to its menu made ~w play computer against \c
                                  computer with random picks (random_member/2, \c
                                  random_select/3, random/3)", [Called])
        )
    ).

%   answers(+Way, -Answers): the menu's answers tried in turn. plain:
%   first each question answered from what the loop wrote before it (as
%   a term for read/1, then as a line), then fixed answers: a mode first
%   (computer against computer is often 3 or 4), after a "play" entry,
%   after a board size; then 1 (the easiest level) at every question.
%   typed (tried once no entry played plainly): a person's questions in
%   play answered by the arena's players, for a menu with no mode of
%   computers alone.
answers(plain, prompted(auto)).
answers(plain, Answers) :-
    fixed_answers(Answers).
answers(chosen, Answers) :-
    answers(plain, Answers).
answers(typed, prompted(typed)).

fixed_answers(Answers) :-
    (   member(K, [3, 4, 2, 5, 6, 1]), Prefix = [K]
    ;   member(K, [3, 4, 2, 5, 6]), Prefix = [1, K]
    ;   member(S, [5, 7, 8, 6, 9, 10, 4]), member(K, [3, 4, 2]), Prefix = [S, K]
    ;   member(K, [3, 4, 2]), member(S, [5, 7, 8, 6, 9, 10, 4]), Prefix = [K, S]
    ),
    append(Prefix, [1], Lines),
    member(Dot, ['.', '']),
    findall(A, ( member(N, Lines), format(atom(A), "~w~w", [N, Dot]) ), Answers).

%   screen(+Code, +Entry, +Input): 6 picks (or a whole game of 3 or
%   more) with no question answered from the second pick to the last.
screen(Code, Entry, Input) :-
    loop_run(Code:Entry, Input, free(6, 1), 3, Outcome, Taken-Marks, Text),
    length(Taken, N),
    best_attempt(Code, Input, Outcome, N, Marks, Text),
    (   screened(Input, Outcome, N, Marks, Text)
    ->  true
    ;   lines_read(Entry, Input),
        fail
    ).

screened(Input, Outcome, N, Marks, Text) :-
    (   N == 6, Outcome = point(_)
    ->  true
    ;   N >= 3,                         % a short game, played to its end
        Outcome = ended(Why),
        (   memberchk(Why, [returned, restart, halt])
        ->  true
        ;   ( Why = error(_) ; Why == time ),
            said_end(Marks, Text)
        )
    ),
    (   Input == prompted(typed)        % a person's questions are its moves
    ->  true
    ;   Marks = [at(_, Last)|_],
        Nth is N - 1,
        nth1(Nth, Marks, at(_, Second)),
        Last =:= Second
    ).

%   whole_games(+Code, +Entry, +Input, -Games): three games played to
%   their ends by different picks, each Taken-Marks-Text; two of them
%   may end stuck (its computer player accepting none of its choices) or
%   on an error of its rules (in play, a no-contest that names it).
whole_games(Code, Entry, Input, Games) :-
    nb_setval(arena_typed_shapes, []),
    findall(Game-Why,
            ( member(Seed, [1, 2, 3]), whole_game(Code, Entry, Input, Seed, Game, Why) ),
            Pairs),
    length(Pairs, 3),
    include(broken, Pairs, BrokenPairs),
    pairs_values(BrokenPairs, Broken),
    length(Broken, NB),
    (   NB =< 2                         % one at least ends as games do
    ->  pairs_keys(Pairs, Games)
    ;   Broken = [_, _, Why|_],
        driven(Input, How),
        (   Why = error(E)
        ->  format(atom(Note), "its loop, ~w, threw in ~w of 3 games: ~W",
                   [How, NB, E, [max_depth(6), quoted(true)]])
        ;   Why == flood
        ->  last(Pairs, (_-_-Text)-_),
            last_words(Text, Last),
            format(atom(Note), "its loop, ~w, wrote more than 8 MB between two picks \c
                                in ~w of 3 games (it writes for ever); its last words: \c
                                ~w", [How, NB, Last])
        ;   Why == refused,
            member((_-[at(End, _)|_]-Text)-refused, Pairs),
            sub_string(Text, End, _, 0, After),
            arena_gamefile_loop_names:lower_apart(After, Lower),
            arena_loop_game:end_said_in(Lower),
            \+ ( arena_loop_game:last_end_line(Lower, EndWords), member(W, EndWords),
                 ( arena_loop_game:win_word(W) ; arena_loop_game:draw_word(W) ) )
        ->  format(atom(Note), "its loop, ~w, said the game was over with no winner or \c
                                draw named, then asked a question none of the arena's \c
                                answers ended (every answer refused), in ~w of 3 games: \c
                                the arena cannot tell who won", [How, NB])
        ;   Why == refused
        ->  format(atom(Note), "its loop, ~w, asked its questions in play over and over \c
                                with no move made (every answer refused) in ~w of 3 \c
                                games", [How, NB])
        ;   Why == stuck
        ->  format(atom(Note), "its loop, ~w, got stuck in ~w of 3 games: its computer \c
                                player accepts none of its choices (256 picks in a row \c
                                refused)", [How, NB])
        ;   format(atom(Note), "its loop, ~w, ended ~w in ~w of 3 games", [How, Why, NB])
        ),
        propose_note(Input, Note),
        fail
    ).

broken(_-Why) :-
    memberchk(Why, [stuck, flood, refused]).
broken((_-Marks-Text)-error(_)) :-      % not where it threw after it said the end
    \+ said_end(Marks, Text).

%   said_end(+Marks, +Text): the run's text since its last pick says the
%   game ended (it may have thrown or run on after).
said_end(Marks, Text) :-
    arena_loop_game:last_shown(Marks, Text, ended(_), Shown),
    arena_gamefile_loop_names:lower_apart(Shown, Lower),
    arena_loop_game:end_said_in(Lower).

whole_game(Code, Entry, Input, Seed, Taken-Marks-Text, Why) :-
    in_time,
    game_seconds(Game),
    loop_run(Code:Entry, Input, free(1500, Seed), Game, Outcome, Taken-Marks, Text0),
    won_said(Code, Taken, Marks, Outcome, Text0, Text),
    typed_questions(Shapes),
    nb_getval(arena_typed_shapes, Shapes0),
    union(Shapes0, Shapes, Shapes1),
    nb_setval(arena_typed_shapes, Shapes1),
    (   Outcome = ended(Why),
        (   memberchk(Why, [returned, failed, input, restart, halt, stuck, flood, refused])
        ;   Why = error(_)
        ;   Why == time,                % ran on for ever after it said the end
            said_end(Marks, Text)
        ),
        length(Taken, N),
        N >= 2
    ->  true
    ;   driven(Input, How),
        (   Outcome == ended(time),
            repeated_lines(Text, Marks, Lines)
        ->  format(atom(Note), "its loop, ~w, wrote ~w over and over after a pick and \c
                                ended no game within ~w s", [How, Lines, Game])
        ;   once(why_not(Outcome, How, Note))
        ),
        propose_note(Input, Note),
        fail
    ).

%   repeated_lines(+Text, +Marks, -Shown): after the last pick, the loop
%   wrote at most 4 lines over and over (20 times at least), Shown as
%   they read, quoted, at most 60 characters each.
repeated_lines(Text, Marks, Shown) :-
    (   Marks = [at(End, _)|_] -> true ; End = 0 ),
    sub_string(Text, End, _, 0, After),
    split_string(After, "\n", " \t\r", Lines0),
    exclude(==(""), Lines0, Lines),
    length(Lines, N),
    N >= 20,
    (   N > 40 -> length(Last, 40), once(append(_, Last, Lines)) ; Last = Lines ),
    sort(Last, Distinct),
    length(Distinct, D),
    D =< 4,
    maplist(quoted_line, Distinct, Quoted),
    atomic_list_concat(Quoted, ', ', Shown).

quoted_line(Line, Quoted) :-
    string_length(Line, K),
    (   K > 60 -> sub_string(Line, 0, 60, _, Shown) ; Shown = Line ),
    format(atom(Quoted), "~q", [Shown]).

%   propose_note(+Input, +Note): why this way failed; the arena typing a
%   person's moves, the last tried, keeps the reason an earlier way gave.
propose_note(Input, Note) :-
    (   Input == prompted(typed),
        nb_current(arena_loop_propose, Earlier),
        Earlier \== none
    ->  true
    ;   nb_setval(arena_loop_propose, Note)
    ).
