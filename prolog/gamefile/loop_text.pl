:- module(arena_gamefile_loop_text,
          [ adapter_text/5            % +Code, +FileBase, +Entry, +Answers, +Names-Chosen
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module(propose_code).
:- use_module(loop_drive, [loop_run/7, answers_input/2]).
:- use_module(loop_answer, [loop_answers/1]).
:- use_module(propose_players, [players_fact/2]).
:- use_module(entry_points, [entry_shown/2]).

/** <module> The text of an adapter that plays a game through its own loop

What prolog/gamefile/propose_loopgame.pl found, written as an adapter:
the loop's entry and answers, whose turn a pick is, how the winner is
read, each guess marked GUESS for the instructor to confirm.
*/

%!  adapter_text(+Code, +FileBase, +Entry, +Answers, +Names-Chosen) is det.
%
%   Writes the adapter to the current output.

%   comment_lines(+Text): Text as comment lines of at most 76 columns,
%   its control characters spaces (no line of it can leave the comment).
comment_lines(Text) :-
    atom_codes(Text, Codes0),
    maplist([C0, C]>>( C0 < 0'\s -> C = 0'\s ; C = C0 ), Codes0, Codes),
    atom_codes(Plain, Codes),
    split_string(Plain, " ", " ", Words0),
    exclude(==(""), Words0, Words),
    foldl(comment_word, Words, "%", Last),
    format("~w~n", [Last]).

comment_word(Word, Line0, Line) :-
    string_length(Line0, L0),
    string_length(Word, LW),
    (   L0 > 1, L0 + 1 + LW > 76
    ->  format("~w~n", [Line0]),
        string_concat("% ", Word, Line)
    ;   atomic_list_concat([Line0, ' ', Word], Line1),
        atom_string(Line1, Line)
    ).

%   loop_answers_in(+Code, +Entry, +Answers, -Given): the answers a
%   prompted run gives before the loop's first pick (pauses left out).
loop_answers_in(Code, Entry, Answers, Given) :-
    answers_input(Answers, Input),
    loop_run(Code:Entry, Input, free(0, 1), 2, _, _, _),
    loop_answers(Given0),
    exclude(==(''), Given0, Given1),
    atomic_list_concat(Given1, ', ', Given).

adapter_text(Code, FileBase, Entry, Answers, Names-Chosen) :-
    format("% The arena's adapter for ~w, proposed by `arena check-game`.~n", [FileBase]),
    format("% Neither the game's rules nor a proposal over them gave the arena what it~n"),
    entry_shown(Entry, Called),
    format("% needs, so the arena plays the game through its own loop, ~w: its~n", [Called]),
    (   Answers == prompted(typed)
    ->  format("% menu answered, each answer to a person's question in play and each~n"),
        format("% random pick of its computer players (random_member/2, random/3, ...)~n")
    ;   format("% menu answered for computer against computer, each random pick of its~n"),
        format("% computer players (random_member/2, random_select/3, random/3,~n"),
        format("% random_between/3)~n")
    ),
    format("% among two or more moves is a move the arena's~n"),
    format("% players make. A state is the list of moves made; the game ends where~n"),
    format("% the loop ends. Lines marked GUESS were inferred from a few games: confirm~n"),
    format("% them, then run `arena check-game` on this file.~n~n"),
    format(":- consult(~q).~n~n", [FileBase]),
    (   Answers = prompted(_)
    ->  (   Answers == prompted(typed)
        ->  (   nb_current(arena_loop_propose, Plain), Plain \== none
            ->  format(atom(Why), "(~w)", [Plain]),
                format("% GUESS: its mode of computers alone did not play~n"),
                comment_lines(Why),
                format("% so the~n")
            ;   format("% GUESS: its menu has no mode with the computer on both sides, so the~n")
            ),
            format("% arena's players play a person's seat: each question the loop asks~n"),
            format("% again in play (a move) is answered by the player to move, among the~n"),
            format("% answers its text names (numbers of a range, letters; yes or no~n"),
            format("% never); a refused answer is followed by the next. The menu's~n"),
            format("% questions are answered from the text it wrote before them.~n")
        ;   format("% GUESS: each of its questions answered from the text it wrote before~n"),
            format("% it (the menu's option for computer against computer at its easiest~n"),
            format("% level, the smallest number a question names, no to yes-or-no), with~n"),
            format("% a full stop where read/1 reads it; a list of answers (one a line, the~n"),
            format("% last typed again at every later question) may be given instead.~n")
        ),
        loop_answers_in(Code, Entry, Answers, Given),
        format("% The answers it gave before the first move: ~w~n", [Given])
    ;   format("% GUESS: the answers (one a line, the last typed again at every later~n"),
        format("% question) that make the menu play computer against computer at its~n"),
        format("% easiest level~n")
    ),
    portray_clause(arena_loop(Entry, Answers)),
    nl,
    (   Chosen == true
    ->  format("% GUESS: its computer players do not pick at random among moves (or one~n"),
        format("% side not at all): each move of the game's choose_move is a pick among~n"),
        format("% the moves its own code lists for it (its valid_moves)~n"),
        portray_clause(arena_loop_chosen),
        nl
    ;   true
    ),
    (   Names = turns(_, _)
    ->  true
    ;   ( Names == grouped ; Names = sides(grouped, _, _) )
    ->  format("% GUESS: a turn is the picks made with no text written or read between~n"),
        format("% them (a row, then a column); the players take turns~n")
    ;   format("% GUESS: each pick is one player's move, the players take turns~n")
    ),
    players_fact(Code, [player1, player2]),
    portray_clause((current_player(loop(Ds), P) :- loop_player(Ds, P))),
    nl,
    (   Names = names(W1, W2)
    ->  format("% GUESS: the words the loop writes before the first player's moves and~n"),
        format("% the second's; the winner is the one its last text names~n"),
        portray_clause(arena_loop_names(W1, W2))
    ;   Names = sides(Turns, W1, W2)
    ->  format("% GUESS: no words name the player to move, but the side its end names~n"),
        format("% as the winner made the last move in every game tried, the first~n"),
        format("% player's side the same in all: the first player plays ~w~n", [W1]),
        portray_clause(arena_loop_names(W1, W2)),
        (   Turns == grouped -> portray_clause(arena_loop_turns(grouped)) ; true )
    ;   Names = turns(W1, W2)
    ->  format("% GUESS: a turn may have several picks: the player to move is the one~n"),
        format("% of these two words the loop wrote last (alone) before the pick; the~n"),
        format("% winner is the one its last text names~n"),
        portray_clause(arena_loop_names(W1, W2)),
        portray_clause(arena_loop_turns(named))
    ;   Names == grouped
    ->  portray_clause(arena_loop_turns(grouped)),
        format("~n% GUESS: no word names one player alone: the player who moved last wins~n"),
        format("% unless the loop's last text says draw~n")
    ;   format("% GUESS: no word names one player alone: the player who moved last wins~n"),
        format("% unless the loop's last text says draw~n")
    ),
    nl,
    portray_clause(arena_initial_state(_, loop([]))),
    portray_clause((arena_valid_moves(loop(Ds), Ms) :- loop_moves(Ds, Ms))),
    portray_clause((arena_move(loop(Ds), M, loop(Ds1)) :-
                        loop_moves(Ds, Ms), memberchk(M, Ms), !, append(Ds, [M], Ds1))),
    portray_clause((arena_game_over(loop(Ds), W) :- loop_over(Ds, W))),
    portray_clause((arena_display_game(loop(Ds)) :- loop_display(Ds))),
    (   member(PI, [choose_move/3, choose_move/4, value/3]), defines(Code, PI)
    ->  nl,
        format("% the game's own levels and value/3 take its own state: the arena's AI~n"),
        format("% plays instead~n"),
        forall(( member(PI1, [choose_move/3, choose_move/4, value/3]), defines(Code, PI1) ),
               portray_clause(arena_without(PI1)))
    ;   true
    ).
