:- module(arena_loop_game,
          [ loop_player/2,            % :Decisions, -Player
            loop_moves/2,             % :Decisions, -Moves
            loop_over/2,              % :Decisions, -Winner
            loop_display/1            % :Decisions
          ]).
:- use_module(library(lists), []).
:- use_module(library(apply), []).
:- use_module(loop_drive, []).
:- use_module(loop_live, []).
:- use_module(loop_names, []).
:- use_module(loop_words, []).
:- use_module(loop_watch, []).
:- use_module(loop_winner, []).

/** <module> The contract of a game played through its own loop

What an adapter over a game's own loop (prolog/gamefile/propose_loopgame.pl)
calls: a state is loop(Decisions), the picks made so far
(prolog/gamefile/loop_drive.pl), its next pick found by a run of the loop
from its start, remembered (the last 512). A game file's code module has
this module among its import modules in the jail (prolog/gamefile/load.pl).
It imports nothing: whatever it imported would be visible to the game's
code while it compiles (a yall lambda passed to an imported include/3
would be compiled, where plain swipl calls it as it is).
*/

:- dynamic memo/4.                     % Code, Hash, Decisions, Point

:- meta_predicate
    loop_player(:, -), loop_moves(:, -), loop_over(:, -), loop_display(:).

%   point(+Code, +Decisions, -Point): the loop run to Decisions' end,
%   remembered: point(Alts, Shown, Owner) or ended(Why, Shown, Owner),
%   Shown the text it wrote since the last pick, Owner the one to move.
point(Code, Ds, Point) :-
    term_hash(Ds, H),
    (   memo(Code, H, Ds, Point0)
    ->  Point = Point0
    ;   step(Code, Ds, Point),
        (   predicate_property(memo(_, _, _, _), number_of_clauses(C)), C > 512
        ->  retractall(memo(_, _, _, _))
        ;   true
        ),
        assertz(memo(Code, H, Ds, Point))
    ).

%   step(+Code, +Ds, -Point): a run of the loop to the pick after Ds, or
%   its end (a live run decided on, or a replay: prolog/gamefile/loop_live.pl).
step(Code, Ds, Point) :-
    Code:arena_loop(Entry, Answers),
    arena_loop_drive:answers_input(Answers, Input),
    arena_loop_live:live_run(Code:Entry, Input, Ds, Outcome, _-Marks0, Text),
    (   Outcome == ended(restart)       % the next game's silent setup picks
    ->  string_length(Text, Len),       % (a random board) are not this game's
        silent_after(Marks0, Len, Marks, Ds, Ds1)
    ;   Marks = Marks0, Ds1 = Ds
    ),
    last_shown(Marks, Text, Outcome, Shown0),
    (   Outcome == ended(restart)       % not the next game's first board
    ->  end_cut(Shown0, Shown2),
        arena_loop_words:again_cut(Shown2, Shown1)
    ;   Outcome = ended(_)
    ->  arena_loop_words:again_cut(Shown0, Shown1)
    ;   Shown1 = Shown0
    ),
    bounded(Shown1, Shown3),
    arena_loop_watch:won_shown(Code, Ds, Outcome, Shown3, Shown),
    owner(Code, Ds1, Outcome, Marks, Text, Owner),
    (   Outcome = point(Alts)
    ->  Point = point(Alts, Shown, Owner)
    ;   Outcome = ended(Why),
        Point = ended(Why, Shown, Owner)
    ).

%   silent_after(+Marks0, +End, -Marks, +Ds0, -Ds): the picks at End
%   (nothing written after them) left out, one at least kept.
silent_after([at(P, _)|Ms], End, Marks, Ds0, Ds) :-
    P >= End, Ms \== [],
    lists:append(Ds1, [_], Ds0),
    !,
    silent_after(Ms, End, Marks, Ds1, Ds).
silent_after(Marks, _, Marks, Ds, Ds).

%   owner(+Code, +Ds, +Outcome, +Marks, +Text, -Owner): the player to
%   move at the run's pick, or who moved last where it ended: by the
%   parity of the picks, or where the adapter says
%   arena_loop_turns(named), the player whose name the loop wrote last,
%   alone in a line between picks, or arena_loop_turns(grouped), by the
%   parity of the groups of picks with no text written or read between.
owner(Code, Ds, Outcome, Marks, Text, Owner) :-
    (   catch(Code:arena_loop_turns(named), _, fail),
        catch(Code:arena_loop_names(N1, N2), _, fail),
        apply:maplist(arena_loop_game:name_word, [N1, N2], [W1, W2]),
        named_last(Marks, Text, W1, W2, Owner0)
    ->  Owner = Owner0
    ;   catch(Code:arena_loop_turns(grouped), _, fail)
    ->  sort(Marks, Groups),                % a turn's picks share their mark
        length(Groups, G),
        (   G mod 2 =:= 1 -> Owner = player1 ; Owner = player2 )
    ;   length(Ds, N0),
        (   Outcome = point(_) -> N = N0 ; N is N0 - 1 ),
        (   N mod 2 =:= 0 -> Owner = player1 ; Owner = player2 )
    ).

named_last([at(End, _)|Earlier], Text, W1, W2, Owner) :-
    (   Earlier = [at(Start, _)|_] -> true ; Start = 0 ),
    Len is max(0, End - Start),
    sub_string(Text, Start, Len, _, Seg0),
    arena_gamefile_loop_names:lower_apart(Seg0, Seg),     % (the marks count Text)
    split_string(Seg, "\n", "", Lines),
    lists:reverse(Lines, Backwards),
    (   lists:member(Line, Backwards),
        words(Line, Ws),
        (   named(W1, Ws), \+ named(W2, Ws)
        ->  Owner0 = player1
        ;   named(W2, Ws), \+ named(W1, Ws)
        ->  Owner0 = player2
        )
    ->  Owner = Owner0
    ;   named_last(Earlier, Text, W1, W2, Owner)
    ).

words(Text, Words) :-
    split_string(Text, " \t\n\r.,;:!?()[]'`\"-=|*#", " \t\n\r.,;:!?()[]'`\"-=|*#", Ws0),
    apply:exclude(==(""), Ws0, Words).

%   last_shown(+Marks, +Text, +Outcome, -Shown): written since the last pick.
last_shown(Marks, Text, Outcome, Shown) :-
    (   Outcome = point(_), Marks = [at(End, _)|Earlier]
    ->  true
    ;   string_length(Text, End), Earlier = Marks
    ),
    (   Earlier = [at(Start, _)|_] -> true ; Start = 0 ),
    Len is max(0, End - Start),
    sub_string(Text, Start, Len, _, Shown).

%   bounded(+Text, -Shown): Text's last 4,000 characters; where those say no end but
%   an earlier line of the last 64,000 does (a menu answered on and on after "Winner
%   is BLACK!"), the 4,000 that end with the last such line.
bounded(Text, Shown) :-
    string_length(Text, L),
    (   L =< 4000
    ->  Shown = Text
    ;   sub_string(Text, _, 4000, 0, Tail), string_lower(Tail, TailLower),
        \+ end_said_in(TailLower),
        Skip is max(0, L - 64000),              % not all of an 8 MB flood
        sub_string(Text, Skip, _, 0, Near), string_lower(Near, Lower), split_string(Lower, "\n", "", Lines),
        apply:foldl(arena_loop_game:end_after, Lines, Skip-none, _-End),
        integer(End)
    ->  Start is max(0, End - 4000), Len is End - Start,
        sub_string(Text, Start, Len, _, Shown)
    ;   sub_string(Text, _, 4000, 0, Shown)
    ).

end_after(Line, At0-End0, At-End) :-
    string_length(Line, N), At is At0 + N + 1,
    (   end_line(Line) -> End is At0 + N ; End = End0 ).

%!  loop_player(:Decisions, -Player) is det.
%
%   player1 makes the first decision, player2 the next, and so on; or
%   where the adapter says arena_loop_turns(named), the player the
%   loop's text named last.

loop_player(Code:Ds, P) :-
    point(Code, Ds, Point),
    arg(3, Point, P).

%!  loop_moves(:Decisions, -Moves) is det.

loop_moves(Code:Ds, Moves) :-
    point(Code, Ds, Point),
    (   Point = point(Alts, _, _) -> Moves = Alts ; Moves = [] ).

%!  loop_over(:Decisions, -Winner) is semidet.
%
%   The loop has ended: the winner the text it wrote last names (of the
%   names arena_loop_names/2 gives the players), a draw where it says so
%   (in a banner too: "D R A W"), the player whose number a win names
%   ("2 won!"), a draw where both won, else the player who decided
%   last. A loop that ended on an error of its rules or ran out of time
%   throws, unless it had said the game's end since its last pick.

loop_over(Code:Ds, Winner) :-
    point(Code, Ds, ended(Why, Shown, Last)),
    arena_gamefile_loop_names:lower_apart(Shown, Lower),
    (   ( Why = error(_) ; Why == time ),       % its error, or a run on for ever,
        end_said_in(Lower)              % after it said the game's end
    ->  true
    ;   Why = error(E)
    ->  throw(E)
    ;   Why == time
    ->  throw(error(game_rule_loop('the game\'s loop did not reach its next pick within 4 s'), _))
    ;   Why == stuck
    ->  throw(error(game_rule_loop('the game\'s loop made 256 picks in a row without \c
                                    writing or reading anything new (nothing, or the \c
                                    same refusal): its computer player accepts none \c
                                    of its choices'), _))
    ;   Why == flood
    ->  throw(error(game_rule_loop('the game\'s loop wrote more than 8 MB between two \c
                                    picks (or 64 MB in a game): it writes for ever'), _))
    ;   Why == refused
    ->  throw(error(game_rule_loop('the game\'s loop refused every answer the arena \c
                                    could type at its question'), _))
    ;   Why == diverged
    ->  throw(error(game_rule_loop('the game\'s loop did not replay its decisions'), _))
    ;   true
    ),
    words(Lower, Words),
    split_string(Lower, "\n", "", Lines),     % "D R A W" in a banner: its line's
    findall(J, ( lists:member(L, Lines), words(L, LWs),    % one-letter words joined
                 letters_joined(LWs, Js), lists:member(J, Js) ), Joined),
    (   last_end_line(Lower, EndWords),
        \+ ( win_word(Win), memberchk(Win, EndWords) )
    ->  Winner = draw                   % "No more moves. It's a draw!"
    ;   win_line_winner(Code, Lower, W)
    ->  Winner = W
    ;   \+ end_said_in(Lower),          % nothing it wrote since its last pick says
        \+ memberchk("draw", Joined)    % the game ended (a winner drawn in letters
    ->  no_end(Why, Msg),               % of # or $ is no word)
        throw(error(game_rule_loop(Msg), _))
    ;   named_winner(Code, Lower, W)
    ->  Winner = W
    ;   draw_word(D),
        ( memberchk(D, Words) ; memberchk(D, Joined) )
    ->  Winner = draw
    ;   arena_loop_winner:no_one_won_said(Lower, Why)  % "Winner = none", "Game over"
    ->  Winner = draw
    ;   last_end_line(Lower, EndWords),
        arena_loop_winner:unmapped_winner(EndWords, X)    % "the winner is blue"
    ->  arena_loop_winner:side_winner(Code, X, Winner)
    ;   last_end_line(Lower, EndWords),
        ( memberchk("players", EndWords) ; memberchk("both", EndWords) )
    ->  Winner = draw                   % "The players have won the game"
    ;   Winner = Last
    ).

%   no_end(+Why, -Msg): why a run that ended (Why) ended no game.
no_end(input, 'the game\'s loop read past the answers it was given with no end of the \c
               game said') :- !.
no_end(failed, 'the game\'s loop failed (its entry goal failed) with no winner or draw \c
                named') :- !.
no_end(_, 'the game\'s loop ended with no end of the game said in words (no win, draw or \c
           "game over" since its last pick)').

%   end_said_in(+Lower): a line of Lower says the game ended: a win, a
%   draw, a loss, "game over", congratulations.
end_said_in(Lower) :-
    split_string(Lower, "\n", "", Lines),
    lists:member(Line, Lines),
    end_line(Line),
    !.

end_line(Line) :-
    (   lists:member(P, ["game over", "gameover", "end of game", "end of the game", "game ends",
                         "game ended", "game is over", "the end", "fim do jogo", "fim de jogo",
                         "acabou", "terminou", "congrat", "parab"]),
        sub_string(Line, _, _, _, P)
    ->  true
    ;   words(Line, Ws),
        lists:member(W, Ws),
        (   win_word(W) ; draw_word(W)
        ;   lists:memberchk(W, ["ganha", "vence", "lost", "loses", "lose", "perdeu", "victory",
                                "vitoria", "vitória", "champion"])
        )
    ->  true
    ).

%   side_word(?W): a colour ("white", "whites": its pieces), x or o.
side_word(W) :-
    lists:member(W0, ["white", "black", "red", "blue", "green", "yellow", "orange", "purple",
                      "brown", "pink", "x", "o", "brancas", "pretas", "branco", "preto"]),
    (   W = W0
    ;   string_length(W0, L), L > 1,
        string_concat(W0, "s", W)
    ).

win_word(W) :- lists:member(W, ["won", "wins", "win", "winner", "venceu", "ganhou", "vencedor"]).
draw_word(W) :- lists:member(W, ["draw", "tie", "empate", "empatado", "nobody", "ninguem"]).

%   end_said(+Text): a line of Text says a win or a draw.
end_said(Text) :-
    string_lower(Text, Lower),
    last_end_line(Lower, _).

%   last_end_line(+Lower, -Words): the words of the last line of Lower
%   that says a win or a draw.
last_end_line(Lower, Words) :-
    split_string(Lower, "\n", "", Lines),
    lists:reverse(Lines, Backwards),
    lists:member(Line, Backwards),
    words(Line, Words),
    ( win_word(W) ; draw_word(W) ),
    memberchk(W, Words),
    !.

%   end_cut(+Shown0, -Shown): Shown0 up to the end of its last line that
%   says a win or a draw (all of it where none does).
end_cut(Shown0, Shown) :-
    split_string(Shown0, "\n", "", Lines),
    lists:reverse(Lines, Backwards),
    (   lists:append(_, [Line|Before], Backwards),
        string_lower(Line, Lower),
        end_said(Lower)
    ->  lists:reverse([Line|Before], Kept),
        atomic_list_concat(Kept, '\n', A),
        atom_string(A, Shown)
    ;   Shown = Shown0
    ).

%   letters_joined(+Words, -Joined): runs of three or more one-letter
%   words as one word ("d r a w" as "draw").
letters_joined([], []).
letters_joined(Words, [J|Js]) :-
    single_letters(Words, Run, Rest),
    Run = [_, _, _|_],
    !,
    atomic_list_concat(Run, '', A),
    atom_string(A, J),
    letters_joined(Rest, Js).
letters_joined([_|Words], Js) :-
    letters_joined(Words, Js).

single_letters([W|Ws], [W|Run], Rest) :-
    string_length(W, 1),
    !,
    single_letters(Ws, Run, Rest).
single_letters(Ws, [], Ws).

%   win_line_winner(+Code, +Lower, -W): the last line that says a win
%   ("2 won! Congratulations!"): the player it names alone, or the one
%   whose number (players_numbers/5) it names alone ("p2" read as "p 2");
%   for a banner that says a win alone, in the name beside it
%   (banner_words/5).
win_line_winner(Code, Lower, W) :-
    split_string(Lower, "\n", "", Lines),
    lists:reverse(Lines, Backwards),
    lists:append(After, [Line|Before], Backwards),
    words(Line, Words0),
    win_word(Win),
    memberchk(Win, Words0),
    !,
    (   catch(Code:arena_loop_names(N1, N2), _, fail)
    ->  apply:maplist(arena_loop_game:name_word, [N1, N2], [W01, W02])
    ;   W01 = [], W02 = []
    ),
    arena_loop_winner:banner_words(Words0, Before, After, W01-W02, Words1),
    apply:maplist(arena_loop_winner:digits_apart, [Words1, W01, W02], [Words, W1, W2]),
    (   W1 \== [], named(W1, Words), \+ named(W2, Words) -> W = player1
    ;   W2 \== [], named(W2, Words), \+ named(W1, Words) -> W = player2
    ;   own_named(W1, W2, Words, W0) -> W = W0
    ;   players_numbers(W1, W2, Lower, One, Two),
        (   memberchk(One, Words), \+ memberchk(Two, Words) -> W = player1
        ;   memberchk(Two, Words), \+ memberchk(One, Words) -> W = player2
        )
    ).

%   players_numbers(+W1, +W2, +Lower, -One, -Two): the number in each
%   player's name ("PC 1 Turn", then "the winner is player 1"), or where
%   the names (if any) hold none, 1 and 2 (0 and 1 where the text numbers
%   a "player 0").
players_numbers(W1, W2, Lower, One, Two) :-
    (   apply:include(arena_loop_game:number_word, W1, [One]),
        apply:include(arena_loop_game:number_word, W2, [Two])
    ->  One \== Two
    ;   \+ ( lists:member(N, [W1, W2]), lists:member(P, N), number_word(P) ),
        (   lists:member(Z, ["player 0", "jogador 0", "player0"]),
            sub_string(Lower, _, _, _, Z)
        ->  One = "0", Two = "1"
        ;   One = "1", Two = "2"
        )
    ).

%   own_named(+W1, +W2, +Words, -W): names that share words ("white 1",
%   "black 1") told apart by the words each has alone, not numbers alone
%   ("game over after 1 round"): Words hold all of one's, none of the other's.
own_named(W1, W2, Words, W) :-
    lists:subtract(W1, W2, O1), lists:subtract(W2, W1, O2),
    O1 \== W1,
    lists:member(X1, O1), \+ number_word(X1), lists:member(X2, O2), \+ number_word(X2), !,
    (   all_in(O1, Words), \+ any_in(O2, Words) -> W = player1
    ;   all_in(O2, Words), \+ any_in(O1, Words) -> W = player2
    ).

all_in(Ws, Words) :- forall(lists:member(X, Ws), lists:memberchk(X, Words)).
any_in(Ws, Words) :- lists:member(X, Ws), lists:memberchk(X, Words), !.

number_word(P) :-
    sub_string(P, _, 1, _, C), char_type(C, digit(_)).

%   named_winner(+Code, +Lower, -W): the player named alone in the last
%   line of Lower that names one of them ("1 left, player 2 to take",
%   then "player 2 wins"); a line that is a one-word name alone is an
%   answer typed to the loop, and one that says whose turn it is names
%   the player to move next, not a winner.
named_winner(Code, Lower, W) :-
    catch(Code:arena_loop_names(N1, N2), _, fail),
    apply:maplist(arena_loop_game:name_word, [N1, N2], [W1, W2]),
    split_string(Lower, "\n", "", Lines),
    arena_loop_winner:since_win_line(Lines, Backwards),     % the latest first
    lists:member(Line, Backwards),
    words(Line, Words),
    \+ ( Words = [_], lists:memberchk(Words, [W1, W2]) ),   % a typed answer ("1")
    \+ ( lists:member(T, ["turn", "turno", "vez", "playing", "joga", "jogar"]),   % whose
         lists:memberchk(T, Words) ),  % turn it is next ("Player 2 Turn"): not the winner
    end_line(Line),                     % nor a line that says no end ("Player: One")
    (   named(W1, Words), \+ named(W2, Words) -> W = player1
    ;   named(W2, Words), \+ named(W1, Words) -> W = player2
    ;   own_named(W1, W2, Words, W0) -> W = W0
    ;   winner_named(W1, Words), \+ winner_named(W2, Words) -> W = player1
    ;   winner_named(W2, Words), \+ winner_named(W1, Words) -> W = player2
    ),
    !.

%   winner_named(+Name, +Words): in a line that names both players, the
%   one that wins ("bob took the last one: alice wins", "winner: alice").
winner_named(Name, Words) :-
    lists:append(_, Tail, Words),
    lists:append(Name, [Win|_], Tail),
    lists:memberchk(Win, ["wins", "won", "win", "ganhou", "ganha", "venceu", "vence"]),
    !.
winner_named(Name, Words) :-
    lists:append(_, [Winner|Tail], Words),
    lists:memberchk(Winner, ["winner", "vencedor"]),
    lists:append(Name, _, Tail),
    !.

%   name_word(+Name, -Words): a player's name as the words it is
%   ('computer 1' is two).
name_word(N, Ws) :-
    format(string(S), "~w", [N]),
    string_lower(S, W),
    words(W, Ws).

named(Name, Words) :-
    lists:append(_, Tail, Words),
    lists:append(Name, _, Tail),
    !.

%!  loop_display(:Decisions) is det.
%
%   What the loop wrote since its last pick (its board, whose turn).

loop_display(Code:Ds) :-
    point(Code, Ds, Point),
    arg(2, Point, Shown),
    write(Shown),
    (   sub_string(Shown, _, 1, 0, "\n") -> true ; nl ).
