% Unit tests of how the end of a game played through its own loop is
% read (prolog/gamefile/loop_game.pl, loop_over/2), on loops of our own
% whose answers run out (one in the middle of a game, one after it) or
% whose end is written in a terminal's colours.
:- create_prolog_flag(arena_game_jail, true, []).
:- use_module('../../prolog/gamefile/loop_drive').
:- use_module('../../prolog/gamefile/loop_game').
:- use_module('../../prolog/gamefile/loop_winner').
:- use_module('../../prolog/gamefile/loop_watch').
:- use_module('../../prolog/gamefile/propose_loopgame').
:- use_module(library(plunit)).

toy:arena_loop(play, ['1.']).          % the same answer at every question
toy:play :- toy:turn(1).
toy:turn(I) :-                          % asks a person's move for ever
    arena_loop_drive:loop_choice(member, [a, b], _),
    format("Turn ~w~nSelect row: ", [I]),
    read(_),
    I1 is I + 1,
    toy:turn(I1).

over:arena_loop(play, ['1.']).
over:play :- over:turn(1).
over:turn(4) :-
    !,
    write('No moves left: a draw.'), nl,
    write('Press 1 to play again: '),
    read(_),
    over:play.
over:turn(I) :-
    arena_loop_drive:loop_choice(member, [a, b], _),
    I1 is I + 1,
    over:turn(I1).

colour:arena_loop(play, ['1.']).       % names and an end in a terminal's colours
colour:arena_loop_names('player 0', 'player 1').
colour:play :-
    forall(between(0, 2, I),                % the last pick player1's
           ( P is I mod 2,
             format("\e[40m\e[34mPlayer: ~w\e[0m~n", [P]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    format("\e[40m\e[34mPlayer: 0\e[0m~n= \e[31mPlayer 1\e[0m wins with 9 points!~n", []).

turn:arena_loop(play, ['1.']).         % says whose turn it is, then an end in art
turn:arena_loop_names('player 1', 'player 2').
turn:play :-
    user:three_turns,
    format("Player 2 Turn~n  _  _  _~n |_||_||_|~n", []).

over_turn:arena_loop(play, ['1.']).
over_turn:arena_loop_names('player 1', 'player 2').
over_turn:play :-
    user:three_turns,
    format("Player 2 Turn~nGAME OVER~n", []).

numbered:arena_loop(play, ['1.']).     % names "pc 1", "pc 2"; its end "player 1"
numbered:arena_loop_names('pc 1', 'pc 2').
numbered:play :-
    forall(between(1, 4, I),                % the last pick pc 2's
           ( P is 2 - I mod 2,
             format("PC ~w Turn~n", [P]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    format("Score~nPlayer1: 2~nPlayer2: 1~nThe winner is player 1", []).

shared:arena_loop(play, ['1.']).       % names "white 1", "black 1": their colours
shared:arena_loop_names('white 1', 'black 1').
shared:play :-
    forall(between(1, 4, I),                % the last pick black's
           ( ( I mod 2 =:= 1 -> C = 'White' ; C = 'Black' ),
             format("~w 1 to move~n", [C]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    format("White cubes left: 0~nwhite PLAYER WINS~n", []).

plural:arena_loop(play, ['1.']).       % one side's picks; the other's moves its own
plural:play :-
    forall(between(1, 3, _),
           ( write('Blacks turn.'), nl, write('Bot turn, Press Enter to continue.'), nl,
             write('Whites turn.'), nl,
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    write('Blacks won'), nl.

joint:arena_loop(play, ['1.']).        % both win; a new board drawn, then play/0
joint:play :-                           % called again
    read(_),
    forall(between(1, 3, I),
           ( format("Machine ~w:~n", [I]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    write('The Players have won the game'), nl,
    arena_loop_drive:loop_choice(member, [board1, board2], _),
    joint:play.

art:arena_loop(play, ['1.']).          % its winner drawn in art, by a call that
art:arena_loop_names(black, white).     % names it
art:play :-
    forall(between(1, 3, I),                % the last pick black's
           ( ( I mod 2 =:= 1 -> C = 'Black' ; C = 'White' ),
             format("~w to move~n", [C]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    art:showWinner(white).
art:showWinner(_) :-
    format(" __  __~n|  \\/  |~n|_|\\/|_|~n", []).

art_name:arena_loop(play, ['1.']).     % its name says who won
art_name:arena_loop_names(one, two).
art_name:play :-
    forall(between(1, 4, I),                % the last pick two's
           ( ( I mod 2 =:= 1 -> C = 'One' ; C = 'Two' ),
             format("Player ~w:~n", [C]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    art_name:playerOneWins.
art_name:playerOneWins :-
    format(" _  _~n|_||_|~n", []).

art_fails:arena_loop(play, ['1.']).    % its banner, then `!, fail`; after it, a
art_fails:arena_loop_names(one, two).   % check that says "win" answers, and what
art_fails:play :-                       % follows it writes and fails back into it
    forall(between(1, 3, I),                % the last pick one's
           ( ( I mod 2 =:= 1 -> C = 'One' ; C = 'Two' ),
             format("Player ~w:~n", [C]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    (   art_fails:playerTwoWins -> true ; true ),
    (   art_fails:isWin(one), write(' |\\|'), nl, fail
    ;   true
    ).
art_fails:isWin(_).
art_fails:playerTwoWins :-
    format(" __ ~n|__|~n", []),
    !,
    fail.

banner:arena_loop(play, ['1.']).       % "Winner" in a banner, the name alone
banner:arena_loop_names('computer 2', 'computer 1').  % between: the player the
banner:play :-                          % name's number tells, not the last to pick
    forall(between(1, 3, I),                % the last pick computer 2's
           ( P is 1 + I mod 2,
             format("Computer ~w's move:~n", [P]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    format("-=- Game Over -=-~n~n   \\\\\\   Winner   ///~n~n        Player1~n~n", []),
    format("   ///   Winner   \\\\\\~n", []).

tied:arena_loop(play, ['1.']).         % its winner named by a symbol its code
tied:arena_loop_names(black, red).      % ties to a player's name
tied:play :-
    forall(between(1, 4, I),                % the last pick red's
           ( ( I mod 2 =:= 1 -> P = 'Black' ; P = 'Red' ),
             format("Current player: ~w~n", [P]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    tied:symbol('Black', S),
    format("~w Wins the Game!~n", [S]).
tied:symbol(1, 'Black').
tied:symbol(2, 'Red').
tied:symbol('Black', S) :- S = 'X'.
tied:symbol('Red', S) :- S = 'O'.

odd_names:arena_loop(play, ['1.']).    % names that tell no player's number; its
odd_names:arena_loop_names('3', 'move c').  % end names one: no guess at the last
odd_names:play :-                       % to pick
    forall(between(1, 3, I),
           ( format("> CPU move c, ~w~n", [I]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    format("| PLAYER 2 WON! |~n", []).

short_names:arena_loop(play, ['1.']).  % no names; its end names "P1": player 1,
short_names:play :-                     % not the last to pick
    forall(between(1, 4, I),
           ( P is 2 - I mod 2,
             format("Turn of P~w~n", [P]),
             arena_loop_drive:loop_choice(member, [a, b], _) )),
    format("Player P1 wins!!~n", []).

ends_then_throws:arena_loop(play, ['1.']).   % says who won, then calls a screen
ends_then_throws:play :-                % it never defines
    user:three_turns,
    format("Player 2 wins!~n", []),
    ends_then_throws:statistics_screen.

ends_then_runs_on:arena_loop(play, ['1.']).  % says who won, then its loop goes on
ends_then_runs_on:play :-               % with nothing bound, for ever
    user:three_turns,
    format("Player 2 wins!~n", []),
    repeat,
    fail.

ties:arena_loop(play, ['1.']).         % a tie drawn in art by a call named for it
ties:play :-
    user:three_turns,
    ties:display_tie([x, o]).
ties:display_tie(_) :-
    format(" _____ _~n|_   _(_) ___~n  |_| |_|\\___|~nNo more moves.~n", []).

% Draws over ranges: one of 10^12 numbers and one over bounds written in
% the clause (a score) are no picks; one of 100 numbers the game computes is.
wide:play :-
    arena_loop_drive:loop_choice(range(0, 1000000000000), [], _),
    arena_loop_drive:loop_choice(written(range(0, 80)), [], _),
    arena_loop_drive:loop_choice(range(0, 100), [], _).

% The parts of a turn taken for the players (its picks follow "Random
% Col:" and "Random Row:"); its end names the winner by place alone.
parts:arena_loop(play, ['1.']).
parts:arena_loop_names(col, row).
parts:play :-
    forall(between(1, 2, _),
           ( write('Random Col: '), arena_loop_drive:loop_choice(member, [a, b], _), nl,
             write('Random Row: '), arena_loop_drive:loop_choice(member, [a, b], _), nl )),
    write('Random Col: 2'), nl,
    write('Second Player Won!'), nl.

three_turns :-
    forall(between(1, 3, I),
           ( P is 2 - I mod 2,
             format("Player ~w Turn~n", [P]),
             arena_loop_drive:loop_choice(member, [a, b], _) )).

% A computer player whose pick is inside a catch/3 that takes every
% exception: the run still stops at that pick, and each later pick,
% read or write stops it again.
caught:play :-
    catch(arena_loop_drive:loop_choice(member, [a, b], X), _, X = a),
    write(X), nl,
    arena_loop_drive:loop_choice(member, [c, d], _).

% A winner written after every move, "none" until someone wins; the
% board fills with no winner (nobody), or the loop fails (nobody_fails).
nobody:arena_loop(play, ['1.']).
nobody:arena_loop_names(p1, p2).
nobody:play :-
    nobody_moves,
    write('------- GAME OVER -------'), nl.
nobody_fails:arena_loop(play, ['1.']).
nobody_fails:arena_loop_names(p1, p2).
nobody_fails:play :-
    nobody_moves,
    fail.

nobody_moves :-
    forall(member(P, [p1, p2, p1]),
           ( format("Player ~w's turn~n", [P]),
             arena_loop_drive:loop_choice(member, [a, b], _),
             write('Winner = none'), nl )).

%   played(+M, -Ds): the decisions of a whole run of M's loop.
played(M, Ds) :-
    M:arena_loop(Entry, Answers),
    answers_input(Answers, Input),
    loop_run(M:Entry, Input, free(1500, 1), 15, ended(_), Taken-_, _),
    reverse(Taken, Ds).

:- begin_tests(loop_over).

test(answers_run_out_mid_game_with_no_end_said, [true(Msg == Expected)]) :-
    Expected = 'the game\'s loop read past the answers it was given with no end of the \c
                game said',
    played(toy, Ds),
    catch(( loop_over(toy:Ds, _), Msg = none ), error(game_rule_loop(Msg), _), true).

test(answers_run_out_after_the_end_said, [true(W == draw)]) :-
    played(over, Ds),
    loop_over(over:Ds, W).

test(an_end_in_colours, [true(W == player2)]) :-
    played(colour, Ds),
    loop_over(colour:Ds, W).

test(a_turn_line_is_no_winner, [true(Msg == Expected)]) :-  % nor is the last to pick
    Expected = 'the game\'s loop ended with no end of the game said in words (no win, \c
                draw or "game over" since its last pick)',
    played(turn, Ds),
    catch(( loop_over(turn:Ds, _), Msg = none ), error(game_rule_loop(Msg), _), true).

test(game_over_and_a_turn_line, [true(W == player1)]) :-    % the last to pick
    played(over_turn, Ds),
    loop_over(over_turn:Ds, W).

test(the_number_in_each_players_name, [true(W == player1)]) :-   % not the last to pick
    played(numbered, Ds),
    loop_over(numbered:Ds, W).

test(names_told_apart_by_their_own_words, [true(W == player1)]) :-
    played(shared, Ds),
    loop_over(shared:Ds, W).

test(a_side_named_in_the_plural_is_no_guess, [true(Msg == Expected)]) :-
    Expected = 'the game\'s loop names its winner as blacks, which no words it writes \c
                before its picks tie to either player',
    played(plural, Ds),
    catch(( loop_over(plural:Ds, _), Msg = none ), error(game_rule_loop(Msg), _), true).

test(every_pick_after_one_sides_name, [true(sub_atom(Why, 0, _, _, Expected))]) :-
    Expected = 'names its winner as blacks, but every pick follows a line naming whites',
    M = plural,
    M:arena_loop(Entry, Answers),
    answers_input(Answers, Input),
    loop_run(M:Entry, Input, free(1500, 1), 15, ended(_), Taken-Marks, Text),
    Game = Taken-Marks-Text,
    winner_guess([Game, Game], none, Why).

test(both_won_then_a_silent_pick_and_the_menu_again, [true(W == draw)]) :-
    played(joint, Ds),
    length(Ds, 4),                      % the new board's pick, then the restart
    loop_over(joint:Ds, W).

test(a_winner_in_art_named_by_the_calls_argument, [true(W == player2)]) :-
    played(art, Ds),
    loop_over(art:Ds, W).

test(a_winner_in_art_named_by_the_calls_name, [true(W == player1)]) :-
    played(art_name, Ds),
    loop_over(art_name:Ds, W).

test(a_banner_that_fails_after_it_is_drawn, [true(W == player2)]) :-
    played(art_fails, Ds),
    loop_over(art_fails:Ds, W).

test(a_name_alone_in_a_winners_banner, [true(W == player2)]) :-
    played(banner, Ds),
    loop_over(banner:Ds, W).

test(a_side_its_code_ties_to_a_name, [true(W == player1)]) :-
    played(tied, Ds),
    loop_over(tied:Ds, W).

test(a_players_number_the_names_do_not_tell, [true(Msg == Expected)]) :-
    Expected = 'the game\'s loop names its winner as player 2, which no words it \c
                writes before its picks tie to either player',
    played(odd_names, Ds),
    catch(( loop_over(odd_names:Ds, _), Msg = none ), error(game_rule_loop(Msg), _), true).

test(a_win_by_place_after_a_part_of_a_turn, [true(Msg == Expected)]) :-
    Expected = 'the game\'s loop names its winner as second player, which no words \c
                it writes before its picks tie to either player',
    played(parts, Ds),
    catch(( loop_over(parts:Ds, W), Msg = W ), error(game_rule_loop(Msg), _), true).

test(a_players_number_joined_to_a_letter, [true(W == player1)]) :-
    played(short_names, Ds),
    loop_over(short_names:Ds, W).

test(an_end_said_then_an_error, [true(W == player2)]) :-
    played(ends_then_throws, Ds),
    loop_over(ends_then_throws:Ds, W).

test(an_end_said_then_a_run_past_its_time, [true(W-Why == player2-time)]) :-
    M = ends_then_runs_on,
    M:arena_loop(Entry, Answers),
    answers_input(Answers, Input),
    loop_run(M:Entry, Input, free(1500, 1), 2, ended(Why), Taken-_, _),
    reverse(Taken, Ds),
    loop_over(M:Ds, W).                 % the step after the last pick: 4 s

test(a_tie_drawn_by_a_call_named_for_it, [true(W == draw)]) :-
    played(ties, Ds),
    loop_over(ties:Ds, W).

test(which_ranges_are_picks, [true(O == point(Alts))]) :-
    numlist(0, 99, Alts),
    loop_run(wide:play, prompted(auto), free(0, 1), 2, O, _, _).

test(a_pick_taken_by_the_games_catch_still_stops_the_run, [true(O == point([a, b]))]) :-
    loop_run(caught:play, prompted(auto), free(0, 1), 2, O, _, _).

test(a_loop_that_writes_the_same_lines_for_ever,
     [true(Shown-Busy == "\"Black cannot move!\", \"White cannot move!\""-none)]) :-
    numlist(1, 30, Is),
    foldl([_, T0, T]>>string_concat(T0, "White cannot move!\nBlack cannot move!\n", T),
          Is, "Menu\nWhite plays a1\n", Text),
    arena_gamefile_propose_loopgame:repeated_lines(Text, [at(5, 1)], Shown0),
    atom_string(Shown0, Shown),
    (   arena_gamefile_propose_loopgame:repeated_lines(
            "Menu\nWhite plays a1\nBlack plays b2\nWhite plays c3\n", [at(5, 1)], _)
    ->  Busy = repeated
    ;   Busy = none
    ).

test(the_time_advised_is_more_than_the_time_given, [true(Advised > 300)]) :-
    nb_setval(arena_loop_stopped, 70),          % check-game --time 300 gives 70 s
    nb_setval(arena_loop_more_time, none),
    nb_setval(arena_loop_propose, none),
    arena_gamefile_propose_loopgame:loop_reason(nothing, Reason),
    nb_setval(arena_loop_stopped, none),
    once(sub_atom(Reason, Before, 8, _, '(--time ')),
    Start is Before + 8,
    sub_atom(Reason, Start, _, 2, Digits),
    atom_number(Digits, Advised).

% Past three quarters of the search's time, the ways with the computers'
% picks try no more answers and the search counts as stopped at its
% limit; the typed way goes on.
test(the_typed_way_keeps_the_last_quarter, [true(Stopped-Typed == 80-true)]) :-
    get_time(Now),
    Past is Now - 1,
    nb_setval(arena_loop_way_deadline, Past),
    nb_setval(arena_propose_limit, 80),
    nb_setval(arena_loop_stopped, none),
    \+ arena_gamefile_propose_loopgame:way_in_time(plain),
    \+ arena_gamefile_propose_loopgame:way_in_time(chosen),
    nb_getval(arena_loop_stopped, Stopped),
    (   arena_gamefile_propose_loopgame:way_in_time(typed) -> Typed = true ; Typed = false ),
    nb_setval(arena_loop_stopped, none),
    nb_setval(arena_loop_way_deadline, none).

% A stop the game's catch/3 takes and whose global variable it sets back
% (tests/hostile/games/loop_clears_its_stop.pl) still holds: the run's
% next read or write throws it again, and the run ends on the first.
test(a_stop_set_back_by_the_game_still_holds, [true(Again-First == arena_loop_refused-arena_loop_refused)]) :-
    arena_loop_stop:clear_stop,
    catch(arena_loop_stop:stop_run(arena_loop_refused), _, nb_setval(arena_loop_stop, none)),
    catch(arena_loop_stop:stopping, Again, true),
    catch(arena_loop_stop:stop_run(arena_loop_flood), _, true),
    arena_loop_stop:run_stop(First),
    arena_loop_stop:clear_stop.

test(a_draw_is_said_by_the_name_of_what_is_shown) :-
    forall(member(H, [draw, show_draw(_), displayDraw, draw_message(_), 'Draw', display_tie(_)]),
           assertion(arena_loop_watch:says_tie(H))),
    forall(member(H, [draw(_), drawBoard(_), draw_board(_, _), draw_game(_), drawn]),
           assertion(\+ arena_loop_watch:says_tie(H))).

test(a_winner_said_to_be_none_is_a_draw, [true(W == draw)]) :-
    played(nobody, Ds),
    loop_over(nobody:Ds, W).

test(a_winner_said_to_be_none_then_a_failure_is_no_end, [true(Msg == Expected)]) :-
    Expected = 'the game\'s loop failed (its entry goal failed) with no winner or draw named',
    played(nobody_fails, Ds),
    catch(( loop_over(nobody_fails:Ds, W), Msg = W ), error(game_rule_loop(Msg), _), true).

test(no_one_won_said_in_words) :-
    forall(member(L, ["winner = none", "nobody wins", "there is no winner", "winner: draw"]),
           ( split_string(L, " =:", " =:", Ws0), exclude(==(""), Ws0, Ws),
             assertion(arena_loop_winner:no_one_won(Ws)) )),
    forall(member(L, ["winner = p1", "the winner is black", "p2 wins"]),
           ( split_string(L, " =:", " =:", Ws0), exclude(==(""), Ws0, Ws),
             assertion(\+ arena_loop_winner:no_one_won(Ws)) )).

:- end_tests(loop_over).
