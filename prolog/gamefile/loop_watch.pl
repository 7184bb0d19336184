:- module(arena_loop_watch,
          [ loop_watch/1,             % +M
            watched_head/2,           % +M, ?PI
            own/3,                    % +M, ?PI, -Head
            won_end/4,                % +M, +Outcome, +Taken, +Marks
            won_shown/5               % +M, +Decisions, +Outcome, +Shown0, -Shown
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(loop_stop, [stop_run/1]).
:- use_module(loop_chooser, [chooser/4, chooser_moves/3]).

/** <module> The calls of a game's own code that a run of its loop watches

A run of a game's loop (prolog/gamefile/loop_drive.pl) watches two kinds
of call in the game's code module. Its entries (initial_state/1..4,
play/0, main/0, start/0, menu/0): after a pick, one of them called
again, or a third of them, starts a new game, so the one played has
ended. And the predicates whose names say "win" (or a tie: a word
`tie` or `empate`, display_tie/1): the last one that
wrote the text after the last pick announced the end, and its name or
its argument says who won (`printWin(black)`, `playerOneWins`,
`display_winning_player(2)`, or a call whose name says the game is
over given the winner: `game_over_display(red)`), where the text itself
says it only in letters drawn with `$` or `|_`. And its computer
player, choose_move/3..6, whose moves become picks where the adapter
says so (chosen/3).
*/

:- dynamic
    wrapped/2,                         % M, Name/Arity
    said/3.                            % M, Decisions, Sentence

%!  loop_watch(+M) is det.
%
%   Wraps the entries of module M and its predicates that say "win"
%   (once, for good: a wrapper left in place costs one test a call); a
%   new run has seen none of their calls.

loop_watch(M) :-
    nb_setval(arena_loop_starts, []),
    nb_setval(arena_loop_won, none),
    (   wrapped(M, _)
    ->  true
    ;   assertz(wrapped(M, none/0)),
        forall(entry(M, PI, Head), watch_entry(M, PI, Head)),
        forall(win_named(M, PI, Head),
               ( wrap_predicate(M:Head, arena_loop_won, Wrapped,
                                arena_loop_watch:won(Head, Wrapped)),
                 assertz(wrapped(M, PI)) )),
        forall(chooser(M, PI, Head, Moves),
               ( wrap_predicate(M:Head, arena_loop_chosen, Wrapped,
                                arena_loop_watch:chosen(M, Moves, Wrapped)),
                 assertz(wrapped(M, PI)) ))
    ).

watch_entry(M, PI, Head) :-
    wrap_predicate(M:Head, arena_loop_restart, Wrapped,
                   ( arena_loop_watch:started(PI), Wrapped )),
    assertz(wrapped(M, PI)).

%!  watched_head(+M, ?PI) is nondet.
%
%   PI of M is wrapped: never a fact (SWI-Prolog 9.0 crashes when asked
%   predicate_property/2 of the '$wrap$' original of a wrapped predicate).

watched_head(M, PI) :-
    wrapped(M, PI).

entry(M, Name/Arity, Head) :-
    member(Name/Arity, [initial_state/1, initial_state/2, initial_state/3, initial_state/4,
                        play/0, main/0, start/0, menu/0]),
    own(M, Name/Arity, Head).

win_named(M, Name/Arity, Head) :-
    own(M, Name/Arity, Head),
    Arity =< 4,
    downcase_atom(Name, Lower),
    (   ( says_win(Name) ; says_tie(Head) )
    ->  true
    ;   Arity =:= 1,                    % game_over_display(red): the end, given the winner
        member(End, [game_over, gameover, end_game, endgame, fim_jogo]),
        sub_atom(Lower, _, _, _, End)
    ->  true
    ),
    \+ entry(M, Name/Arity, _),
    \+ predicate_property(M:Head, dynamic).

%!  own(+M, ?PI, -Head) is nondet.
%
%   PI is a predicate of the game's own code in M: not imported, not an
%   adapter's (`arena_`), not the system's (`$`).

own(M, Name/Arity, Head) :-
    current_predicate(M:Name/Arity),
    \+ sub_atom(Name, 0, _, _, '$'),
    \+ sub_atom(Name, 0, _, _, arena_),
    functor(Head, Name, Arity),
    \+ predicate_property(M:Head, imported_from(_)).

:- public started/1, won/2, chosen/3.

%   chosen(+M, +Spec, :Wrapped): a call of the game's computer player.
%   Where the adapter says `arena_loop_chosen` (or a proposal tries it),
%   in a run of the loop, its move is a pick among those its own code
%   lists (prolog/gamefile/loop_chooser.pl): the arena's players choose
%   for a level that picks at random for no move (`choose_move(S, white,
%   2, M)` written in the loop), or not at random at all.
chosen(M, Spec, Wrapped) :-
    (   nb_current(arena_loop, drive(_, _, _, _, _))   % a proposal's chosen way
    ->  nb_setval(arena_loop_chooser_called, true)      % is tried only then
    ;   true
    ),
    (   (   nb_current(arena_loop_chosen, true)
        ->  true
        ;   current_predicate(M:arena_loop_chosen/0),
            M:arena_loop_chosen
        ),
        nb_current(arena_loop, drive(_, _, _, _, _)),
        chooser_moves(M, Spec, Moves)
    ->  Spec = chooser(Head, _, _),
        arg_last(Head, Move),
        arena_loop_drive:loop_choice(member, Moves, Move)
    ;   call(Wrapped)
    ).

arg_last(Head, Last) :-
    functor(Head, _, Arity),
    arg(Arity, Head, Last).

started(PI) :-
    (   nb_current(arena_loop, Drive),
        Drive = drive(_, _, Taken, _, _)
    ->  nb_getval(arena_loop_starts, Seen),
        nb_setval(arena_loop_starts, [PI|Seen]),
        (   Taken \== [],              % play/0 then initial_state: the first game
            ( memberchk(PI, Seen) ; Seen = [_, _|_] )
        ->  stop_run(arena_loop_restart)
        ;   true
        )
    ;   true
    ).

%   won(+Head, :Wrapped): a call of a predicate that says "win"; where
%   it wrote something, the last such call is kept, as what it says. A
%   call that fails with no answer counts too: a banner, then `!, fail`.
won(Head, Wrapped) :-
    (   nb_current(arena_loop, drive(_, _, _, _, Out))
    ->  character_count(Out, Before),
        (   call(Wrapped)
        *-> written(Out, Before, Head, none)
        ;   written(Out, Before, Head, kept),
            fail
        )
    ;   call(Wrapped)
    ).

%   written(+Out, +Before, +Head, +Else): where the call wrote since
%   Before, what it says is kept; where it says nothing, Else (none:
%   nothing is kept; kept: what was kept stays).
written(Out, Before, Head, Else) :-
    character_count(Out, After),
    (   After =< Before
    ->  true
    ;   sentence(Head, Said)
    ->  nb_setval(arena_loop_won, won(Before, Said))
    ;   Else == none,
        says_win(Head)                  % an end's call that names no one keeps it
    ->  nb_setval(arena_loop_won, none)
    ;   true
    ).

%   says_win(+HeadOrName): the name says a win (winner, victory, vencedor).
says_win(Head) :-
    (   atom(Head) -> Name = Head ; functor(Head, Name, _) ),
    downcase_atom(Name, Lower),
    member(Win, [win, victor, vitoria, vencedor, ganh]),
    sub_atom(Lower, _, _, _, Win),
    !.

%   says_tie(+HeadOrName): a word of the name says a tie (display_tie,
%   showEmpate); "draw" only as the thing shown (draw, show_draw,
%   drawMessage), not as the verb: drawBoard.
says_tie(Head) :-
    (   atom(Head) -> Name = Head ; functor(Head, Name, _) ),
    name_words(Name, Words),
    (   member(Tie, [tie, tied, empate, stalemate]),
        memberchk(Tie, Words)
    ->  true
    ;   shown_draw(Words, Head)
    ),
    !.

shown_draw([draw], Head) :-            % draw/0; draw(Board) draws a board
    atom(Head).
shown_draw([Shows, draw], _) :-
    memberchk(Shows, [display, show, print, write, announce, its, is, game]).
shown_draw([draw, Shown], _) :-
    memberchk(Shown, [message, msg, screen, banner]).

%!  won_end(+M, +Outcome, +Taken, +Marks) is det.
%
%   At the end of a run: where a call that says "win" wrote after the
%   last pick, what it says is kept for the decisions Taken (latest
%   first).

won_end(M, Outcome, Taken, Marks) :-
    (   Outcome = ended(_),
        nb_current(arena_loop_won, won(Before, Said)),
        (   Marks = [at(Last, _)|_] -> true ; Last = 0 ),
        Before >= Last
    ->  reverse(Taken, Ds),
        retractall(said(M, Ds, _)),
        assertz(said(M, Ds, Said)),
        (   predicate_property(said(_, _, _), number_of_clauses(N)), N > 256
        ->  once(retract(said(_, _, _)))
        ;   true
        )
    ;   true
    ),
    nb_setval(arena_loop_won, none).

%!  won_shown(+M, +Decisions, +Outcome, +Shown0, -Shown) is det.
%
%   Shown0, the text a run to Decisions ended with, and where it says
%   no end in words, what its last call that says "win" says.

won_shown(M, Ds, Outcome, Shown0, Shown) :-
    (   Outcome = ended(_),
        said(M, Ds, Said),
        string(Said),                   % the game's code can assert here too:
        string_length(Said, L), L =< 60,    % no more than it could write
        arena_gamefile_loop_names:lower_apart(Shown0, Lower),
        \+ arena_loop_game:end_said_in(Lower)
    ->  atomic_list_concat([Shown0, '\n', Said], Shown1),
        atom_string(Shown1, Shown)
    ;   Shown = Shown0
    ).

%   sentence(+Head, -Sentence): what a call that says "win" says in
%   words: its one atomic argument ("black wins", or a player's number:
%   "player 2 wins"), else its name's words where they name more than a
%   win ("player one wins"); at most 60 characters. A call whose name
%   says the game is over (game_over_display/1) says only its argument.
sentence(Head, "it is a tie") :-
    says_tie(Head),
    !.
sentence(Head, Sentence) :-
    Head =.. [Name|Args],
    include([A]>>( atomic(A), A \== [] ), Args, Atomic),
    (   Atomic = [A]
    ->  (   integer(A)
        ->  between(0, 9, A),           % a player's number, not a score
            format(string(Sentence), "player ~w wins", [A])
        ;   \+ number(A),
            format(string(Sentence), "~w wins", [A])
        )
    ;   Atomic == [],
        says_win(Head),                 % not an end's name alone: game_over_screen
        name_words(Name, Words),
        exclude([W]>>memberchk(W, [print, display, show, write, announce, message, screen,
                                   banner, game, the, is, player, win, wins, winner,
                                   winning, won, congratulate, congrats]),
                Words, [_|_]),
        atomic_list_concat(Words, ' ', Sentence0),
        atom_string(Sentence0, Sentence)
    ),
    string_length(Sentence, L),
    L =< 60.

%   name_words(+Name, -Words): playerOneWins, player_one_wins: [player, one, wins].
name_words(Name, Words) :-
    atom_codes(Name, Cs),
    phrase(words(Ws), Cs),
    exclude(==([]), Ws, Ws1),
    maplist(lower_word, Ws1, Words).

lower_word(Codes, Word) :-
    atom_codes(Atom, Codes),
    downcase_atom(Atom, Word).

words([W|Ws]) --> word(W), !, words(Ws).
words([]) --> [].

word(W) --> [C], { code_type(C, upper) }, !, lowers(Cs), { W = [C|Cs] }.
word([]) --> [C], { \+ code_type(C, alnum) }, !.
word([C|Cs]) --> [C], lowers(Cs).

lowers([C|Cs]) --> [C], { code_type(C, alnum), \+ code_type(C, upper) }, !, lowers(Cs).
lowers([]) --> [].
