% Unit tests of the answers a loop's questions get
% (prolog/gamefile/loop_prompt.pl), each prompt of the kinds the corpus
% of course games prints (written here, not copied).
:- use_module('../../prolog/gamefile/loop_prompt').
:- use_module('../../prolog/gamefile/loop_names').
:- use_module('../../prolog/gamefile/loop_answer').
:- use_module(library(plunit)).

:- begin_tests(loop_answer).

test(computer_against_computer_at_the_easy_level, [true(A == ['4', '9', '2', '3', '1'])]) :-
    prompt_answers("| 1: Person vs Person |\n| 2: Person vs Easy AI |\n\c
                    | 3: Easy AI vs Person |\n| 4: Easy AI vs Easy AI |\n\c
                    | 9: Hard AI vs Hard AI |\n| Select the mode |\n", A).

test(labels_with_their_sides_in_brackets, [true(A == ['4', '2', '3', '1'])]) :-
    prompt_answers("\t1- Player (W) vs Player (B)\n\t2- Player (W) vs BOT    (B)\n\c
                    \t3- BOT    (W) vs Player (B)\n\t4- BOT    (W) vs BOT    (B)\n\c
                    \n\t0- Exit\n> Option: \n", A).

test(leaving_is_never_chosen, [true(A == ['1'])]) :-
    prompt_answers("1. Play\n2. Rules\n3. Exit\nOption: ", A).

test(quitting_named_in_a_sentence_is_never_chosen, [true(A == ['1', '2', '3'])]) :-
    prompt_answers("Select 1 to place a piece, 2 to move one, 3 to pass and 4 to quit.", A).

test(a_range_beside_its_key_to_leave, [true(A == ['1', '2', '3', '4', '5', '6', '7'])]) :-
    prompt_answers("Column from 1 to 7 (or 0 to go back to the menu): ", A).

test(the_lines_of_a_board_are_no_words, [true(W == ["1", "empty", "player", "player 1", "w"])]) :-
    arena_gamefile_loop_names:text_words("╔═════╦═════╗\n║  1  ║  w  ║\n║ empty ║\nPlayer 1\n", W).

test(keys_in_brackets_after_their_labels, [true(A = ['CC'|_])]) :-
    prompt_answers("Mode (People (PP), Computer vs Person (CP), Computer vs Computer (CC)): ", A).

test(a_letter_asked_is_a_letter, [true(A = [a, b|_])]) :-
    prompt_answers("   -- Enter column letter: ", A).

test(a_range_of_letters, [true(A == ['A', 'B', 'C', 'D', 'E'])]) :-
    prompt_answers("Choose a column (A-E): ", A).

test(rows_labelled_at_their_ends, [true(A == ['0', '1', '2'])]) :-
    prompt_answers("   a   b   c\n| X |   |   |  0\n|   | O |   |  1\n|   |   |   |  2\n\c
                    --- Choose a row to play ---\n", A).

test(the_column_after_the_row, [true(A == [a, b, c])]) :-
    prompt_answers("--- Choose an empty space ---\n",
                   "   a   b   c\n| X |   |   |  0\n|   | O |   |  1\n|   |   |   |  2\n\c
                    --- Choose a row to play ---\n1\n", A).

test(the_moves_listed_above_the_question, [true(A == [a1, 'b2-c3', '(1,2)'])]) :-
    prompt_answers("Board ...\nValid Moves: [a1, b2-c3, (1,2)]\n\nEnter your move\n", A).

test(a_list_of_plays_is_no_answer_to_a_row, [true(\+ memberchk('2-7-left', A))]) :-
    prompt_answers("Available plays: 2-7-left 3-8-left\nInsert the row number: ", A).

test(a_question_for_yes_or_no_without_its_keys, [true(A == [y, n])]) :-
    prompt_answers("Are you playing the AI system? ", A).

test(again_is_no_ai, [true(A == [n, y])]) :-
    prompt_answers("Do you want to play again?", A).

test(a_range_from_its_smallest_odd_number, [true(A = ['9', '11', '13', '15', '10'|_])]) :-
    prompt_answers("Invalid. \e[2JEnter board size (odd number between 9 and 15): ", A).

test(numbers_named_in_turn, [true(A == ['6', '10', '15'])]) :-
    prompt_answers("Choose one of the sizes for the board: 6, 10, or 15: ", A).

test(no_to_a_yes_or_no_question, [true(A == [n, y])]) :-
    prompt_answers("Do you want to swap sides? (y/n): ", A).

test(letters_in_brackets, [true(A == ['C', 'H', c, h])]) :-
    prompt_answers("Player 1 type ((H)uman/(C)omputer): \n", A).

test(a_menu_of_words, [true((A = [start|_], \+ memberchk(quit, A)))]) :-
    prompt_answers("*-- Game --*\n|  start  |\n|  instructions  |\n|  quit  |\nChoose an option:\n", A).

test(choices_after_a_pointer, [true(A = ['PC/PC'|_])]) :-
    prompt_answers("|  >H/H  >PC/PC |\n|  >H/PC  >PC/H |\nChoose a configuration:\n", A).

test(both_roles_in_one_answer, [true(A = ['(c-1)/(c-1)', 'c-1/c-1'|_])]) :-
    prompt_answers("Give each player's role in the format [P1/P2.].\n[h] - Human;\n\c
                    [c-1] - Easy computer;\n[c-2] - Hard computer;\n", A).

test(a_size_without_numbers, [true(A = ['6'|_])]) :-
    prompt_answers("Board size: \n", A).

test(options_after_a_word, [true(A == ['1', '2'])]) :-
    prompt_answers("Choose a level for computer 1:\nLevel 1 - Random moves\n\c
                    Level 2 - Greedy moves\n", A).

test(a_menu_in_columns, [true(A = ['3'|_])]) :-
    prompt_answers("|     Options      |     Description      |\n\c
                    |        1         |   Player vs Player   |\n\c
                    |        2         |  Player vs Computer  |\n\c
                    |        3         | Computer vs Computer |\n\c
                    |        0         |      Exit Game       |\n\c
                    ----------------------\nChoose an option [0-3]: ", A).

test(a_board_size_of_a_typical_size_first, [true(A = ['6', '8', '4', '10'|_])]) :-
    prompt_answers("  Board Size  \nChoose an even number between 2 and 20: ", A).

test(a_wide_range_asked_anew_starts_near_seven, [true(A = ['6', '8', '4'|_])]) :-
    prompt_answers("Wrong! It has to be an even number between 2 and 20\nChoose an odd number between 2 and 20: ", A).

test(a_question_in_a_drawn_box, [true(A = ['7', '6', '8'|_])]) :-
    prompt_answers("\e[2J╭──────────╮\n│  Insert the size of the board:  │\n├──────────┤\n\c
                    │  The value must be between 5 and 10  │\n╰──────────╯\n", A).

test(the_mode_is_set_before_play, [true(A = ['2', '1'|_])]) :-
    prompt_answers("What now?\n1 - Play.\n2 - Change gamemode.\n3 - Change board size.\n\c
                    4 - leave.\n", A).

test(both_roles_named_in_a_bracket, [true(A == ['pc1/pc1', '(pc1)/(pc1)'])]) :-
    prompt_answers("Write it in the form \"P1/P2\", where either can be h or \"pc[1/2]\": ", A).

test(a_menu_with_a_board_under_it, [true(A = ['1'|_])]) :-
    prompt_answers("Game over!\n1. Go to main menu\n2. Exit\n 4 | o | x |\n 5 | x | o |\n\c
                    6 | o | x |\n", A).

test(words_in_a_bracket, [true(A == [orange, blue, gray])]) :-
    prompt_answers("Enter color {orange, blue, gray}: ", A).

test(keys_before_to_in_a_box, [true(A == ['1'])]) :-
    prompt_answers("-----------------\n-----   Press:   -----\n\c
                    -----   1 to continue   -----\n-----   2 to exit   -----\n\c
                    -----------------\n", A).

test(a_size_asked_over_two_lines, [true(A = ['6'|_])]) :-
    prompt_answers("---------------\n-----   Choose the size   -----\n\c
                    -----   of the board   -----\n---------------\n", A).

test(a_word_the_question_quotes, [true(A == [n])]) :-
    prompt_answers("Player 1's move is done. Insert 'n' to Proceed ", A).

test(a_variable_a_refusal_writes_names_no_number, [true(\+ memberchk('219246', A))]) :-
    prompt_answers("Start? \nInvalid Input! _219246\n", A).

test(words_a_refusal_quotes, [true(A == [b, w])]) :-
    prompt_answers("Invalid color! Please choose between \"b\" and \"w\".\n\c
                    White player, what is the color of the piece you want to place? ", A).

test(words_quoted_as_terms, [true(A == [play, exit])]) :-
    prompt_answers(" > Invalid choice. Enter \"play.\" to start a new game or \"exit.\" to quit: ", A).

test(a_legend_of_keys_for_labels, [true(A = ['E'|_])]) :-
    prompt_answers("Choose players\nP for human player, O for online player, \c
                    E for easy bot, H for hard bot\nWhite: ", A).

test(a_seat_asked_after_a_seat, [true(A = ['E'|_])]) :-
    prompt_answers("Black: ", "Choose players\nP for human player, E for easy bot, \c
                    H for hard bot\nWhite: ", A).

test(no_seat_menu_for_another_question, [true(A \= ['1'|_])]) :-
    prompt_answers("Size: ", "1 - Small\n2 - Large\nWhite: ", A).

test(modes_with_a_person_in_each) :-
    arena_loop_words:no_machine_mode(["Player vs Player", "1P vs CPU", "Exit"]).

test(a_mode_of_two_computers, [fail]) :-
    arena_loop_words:no_machine_mode(["Player vs Player", "PC / PC", "Exit"]).

test(a_mode_its_words_do_not_tell, [fail]) :-
    arena_loop_words:no_machine_mode(["Player vs Player", "CvC"]).

test(an_odd_number_greater_than, [true(A = ['9', '11'|_])]) :-
    prompt_answers("Invalid input. Please enter an odd number greater than 7: ", A).

test(options_side_by_side, [true(A = ['0'|_])]) :-
    prompt_answers("- PLAYER 1\n\n0 - CPU    1 - Human\nType the number of selected choice: ", A).

test(quoted_options_on_one_line, [true(A = ['3'|_])]) :-
    prompt_answers(" > Size of board(\"4.\", \"6.\" or \"8.\"): 4.\n\n\c
                    > \"1.\" Human vs Human / \"2.\" Human vs Bot / \"3.\" Bot vs Bot: ", A).

test(a_name_asked, [true(A = [alpha, bravo|_])]) :-
    prompt_answers("Player 1\nName (3 characters min): ", A).

test(a_pause_and_a_question, [true(Asks == [no, yes, yes, yes])]) :-
    findall(R, ( member(T, ["Computer 1 took 2.\n", "1. Play\n2. Exit\n", "Choose:\n",
                            "\u2502 Size? \u2502\n\u2570\u2500\u2500\u256f\n"]),
                 ( prompt_asks(T) -> R = yes ; R = no ) ), Asks).

test(a_pause_that_takes_anything, [true(Pauses == [yes, yes, no, no])]) :-
    findall(R, ( member(T, ["Type anything to see the Bot X move.", "Press any key",
                            "Type anything?", "Choose your move: "]),
                 ( arena_loop_answer:pause(T) -> R = yes ; R = no ) ), Pauses).

test(a_size_asked_as_rows_and_columns, [true(Firsts == ['6', '6', '1'])]) :-
    findall(F, ( member(T, ["Must have at least 3 rows.\n\nNumber of rows: ",
                            "Number of columns: ", "Row: "]),
                 prompt_answers(T, [F|_]) ), Firsts).

test(a_turn_asked_again_where_a_move_failed, [true(Names == turns(white, black))]) :-
    Turns = [white, black, white, white, black, white, black, black, white, black,
             white, black, white, white, black, white, black, white, black, black],
    retried_game(Turns, Game),
    names([Game, Game, Game], false, Names).

test(a_row_read_off_the_board, [true(A == [a, b, c, d])]) :-
    prompt_answers("   | 1 | 2 | 3 | 4 |\n a | X |   |   |   |\n b |   |   |   |   |\n\c
                    c |   | O |   |   |\n d |   |   |   |   |\n\nInsert Row\n", A).

test(a_column_read_off_the_board, [true(A == ['1', '2', '3', '4'])]) :-
    prompt_answers("   | 1 | 2 | 3 | 4 |\n a | X |   |   |   |\n b |   |   |   |   |\n\c
                    c |   | O |   |   |\n d |   |   |   |   |\n\nColumn: ", A).

test(a_square_as_its_example_shows_it, [true(A = [a1, a2, a3, b1|_])]) :-
    prompt_answers("  a b c\n1 . . .\n2 . X .\n3 . . .\nChoose a square (e.g. a1): ", A).

test(no_board_no_labels, [true(A == ['1', '2', '3', '0'])]) :-
    prompt_answers("11 left\nTake: ", A).

test(options_of_long_labels, [true(A == ['0', '1'])]) :-
    prompt_answers("Set CPU1 level:\n0 - Easy: the computer plays at random, as anyone would.\n\c
                    1 - Harder?: the computer is greedy. It might beat you, or make your day.\n", A).

test(the_random_level_before_a_bots_best_move, [true(A == [r, g])]) :-
    prompt_answers("Choose Bot Level for: bot1\nAvailable levels:\n\c
                    r. : (Random) random moves\n\c
                    g. : (Greedy) The bot will choose the next direct best move\n", A).

test(the_same_question_of_the_next_seat, [true(A == ['0', '1'])]) :-
    prompt_answers("Set CPU2 level:\n",
                   "Set CPU1 level:\n0 - Easy: the computer plays at random.\n\c
                    1 - Harder: the computer is greedy.\n", A).

test(a_menu_in_groups_then_a_greeting, [true(A-Asks = ['4', '2', '3'|_]-yes)]) :-
    T = "Choose your mode!\n  [1]  Human vs. Human\n  [2]  Human vs. Computer\n\c
         [3]  Computer vs. Human\n  [4]  Computer vs. Computer\n\n  Other:\n\c
         [5]  RULES\n  [6]  INFORMATION\n--------\n   Ready to start? Let's go!\n\n",
    prompt_answers(T, A),
    ( prompt_asks(T) -> Asks = yes ; Asks = no ).

test(two_menus_are_not_one, [true(A == ['1', '2'])]) :-
    prompt_answers("1. Play\n2. Rules\n3. Exit\nLevel:\n1. Easy\n2. Hard\n", A).

test(a_board_then_a_move_shown_asks_nothing, [fail]) :-
    prompt_asks("  2 | O | O | X | 2\n    -------------\n  1 | X | O | X | 1\n\c
                 -------------\n      A   B   C\n\nMove: B2 left\n\n").

test(a_question_that_names_only_its_most, [true(A-B == ['1', '2', '3']-['1', '2'])]) :-
    prompt_answers("How strong an AI? (max 3) ", A),
    prompt_answers("Pick less than 3: ", B).

test(a_part_of_each_listed_move, [true(R-C-D == ['2', '3']-['7', '8', '6']-[left, up])]) :-
    T = "+---+\nValid plays: 2-7-left 3-8-up 3-6-left\nBlue to move\n",
    maplist([Q, A]>>( string_concat(T, Q, P), prompt_answers(P, A) ),
            ["Row number: ", "Column number: ", "Direction: "], [R, C, D]).

test(moves_listed_one_a_line, [true(R-S == ['1', '2', '5']-[left, right])]) :-
    T = "Valid plays:\n1-6\n2-3-left\n5-2-right\n2-4\nBlue to move\n",
    string_concat(T, "Row: ", P1), prompt_answers(P1, R),
    string_concat(T, "Which side (left or right)? ", P2), prompt_answers(P2, S).

test(the_rest_of_a_move_begun, [true(C == ['3', '5'])]) :-
    prompt_answers("Valid plays:\n1-6\n2-3-left\n2-5-right\n4-2\nRow number: \n2.\n\c
                    Column number: ", C).

test(a_move_in_the_form_the_question_shows, [true(A-B == ['[1,1]', '[1,2]']-['(1-1)'])]) :-
    prompt_answers("Your move (format: [Col,Row]): ", A0),
    length(A, 2), append(A, _, A0),
    prompt_answers("Enter (X-Y): ", B0),
    length(B, 1), append(B, _, B0).

test(the_moves_listed_before_the_form_the_question_shows, [true(A == ['[2,3]', '[4,1]'])]) :-
    prompt_answers("Player 1, it is your turn.\nValid moves: [[2,3],[4,1]]\n\c
                    Enter your move (format: [Col, Row]): ", A).

test(the_moves_listed_after_a_key_in_brackets, [true(A == ['1-a:2-a', '2-c:2-b', '3-a:3-b'])]) :-
    prompt_answers("Player 2s turn.\n[Valid Moves]: [1-a:2-a,2-c:2-b,3-a:3-b]\n\n\c
                    Choose your move: ", A).

test(a_range_asked_over_a_name_in_quotes_above, [true(A == ['1', '2', '3', '4', '5', '6', '7'])]) :-
    prompt_answers("Player 'A', please select a piece to move.\n\n\c
                    Insert the number of a line (1 to 7) > ", A).

test(a_level_up_to_a_bound_starts_at_zero, [true(A-B == ['0', '1', '2', '3', '4']-['1', '2', '3'])]) :-
    prompt_answers("How smart do you want the AI? (max 4)\n", A),
    prompt_answers("How many pieces? (max 3): ", B).

test(a_seats_number_is_no_answer, [true(A = ['1'|_])]) :-   % not "2"
    prompt_answers(" > CPU 2 level ", A).

test(squares_of_a_board_numbered_down_from_the_top, [true(A == ['A3', 'B2', 'C3', 'C1'])]) :-
    prompt_answers("    A   B   C\n  +---+---+---+\n3 | X |   | O |\n  +---+---+---+\n\c
                    2 |   | O |   |\n  +---+---+---+\n1 |   |   | X |\n  +---+---+---+\n\n\c
                    Player X\nWhich piece would you like to move? (e.g., A1) \n", A).

test(a_square_asked_above_what_else_to_type, [true(A = ['A3', 'A2'|_])]) :-
    prompt_answers("    A   B   C\n3 | X |   | O |\n2 |   | O |   |\n1 |   |   | X |\n\c
                    Where would you like to move it to? (e.g., A1)\nType -1 to remove it.\n", A).

test(a_menu_in_a_table_is_a_menu, [true(A = ['3'|_])]) :-
    prompt_answers("+---+------------------+\n| 1 | Player vs Player |\n\c
                    | 2 | Player vs Bot    |\n| 3 | Bot vs Bot       |\n\c
                    +---+------------------+\nOption: ", A).

test(a_question_before_its_example_asks, [true]) :-
    prompt_asks("Player X\n\nWhich piece would you like to move? (e.g., A1) \n"),
    prompt_asks("Where would you like to move it to? (e.g., A1)\nType -1 to remove it.\n"),
    \+ prompt_asks("The piece is gone.\nPress enter to continue.\n").

test(the_moves_listed_above_a_refusal, [true(A == ['[1,1,1,2]', '[1,1,2,1]'])]) :-
    prompt_answers("You entered: 1\nInvalid move, try again.\nEnter your move: ",
                   " 1 ||W2|-|  |-|\n 2 ||  |-|B1|-|\nValid moves: [[1,1,1,2],[1,1,2,1]]\n\c
                    Enter your move: \n1\n", A).

test(modes_naming_both_players_in_brackets, [true(A = ['PC/PC'|_])]) :-
    prompt_answers("Choose Game Type (H/H, H/PC, PC/H, or PC/PC):\n", A).

test(words_with_a_hyphen_in_brackets, [true(A == [left, right, 'up-right', 'down-left'])]) :-
    prompt_answers("Where to? (left, right, up-right, down-left): ", A).

test(letters_as_the_board_writes_them, [true(A-B-S == ['A', 'B', 'C']-[a, b, c]-'A1')]) :-
    prompt_answers("   A   B   C\n1 | x |   |\n2 |   | o |\n3 |   |   |\n\c
                    Choose a square (e.g. a1): ", [S|_]),
    prompt_answers("   | 1 | 2 | 3 |\n A | x |   |   |\n B |   |   |   |\n C |   | o |   |\nRow ", A),
    prompt_answers("   | 1 | 2 | 3 |\n a | B |   |   |\n b |   |   |   |\n c |   | C |   |\nRow ", B).

test(modes_written_as_one_word, [true(A = ['4'|_])]) :-
    prompt_answers("1 - PvP\n2 - PvAI\n3 - AIvP\n4 - AIvAI\n0 - Exit\n\nOption: ", A).


% A refusal of three lines and more draws no board: the row asked again
% still takes the board drawn before it (an 8 by 8 board here).
test(a_row_asked_again_after_a_refusal_reads_the_board_before, [true(A == As)]) :-
    numlist(0, 7, Ns), maplist(atom_number, As, Ns),
    Board = "   0 1 2 3 4 5 6 7\n0 | | | | | | | | |\n1 | | | | | | | | |\n\c
             2 | | | | | | | | |\n3 | | | | | | | | |\n4 | | | | | | | | |\n\c
             5 | | | | | | | | |\n6 | | | | | | | | |\n7 | | | | | | | | |\n",
    prompt_answers("Piece found: empty\nThat is not your piece. Try again.\n\c
                    Choose one of your pieces:\nRow:", Board, A).

% The moves listed alone on a line, under the words that say so.
test(a_list_alone_under_the_question, [true(A == ['22-12', '24-14'])]) :-
    prompt_answers("You can choose one of these pairs From-To:\n[22-12,24-14]\n\c
                    Pick a pair for your move (eg. 22-12): ", A).

test(a_list_of_one_move, [true(A == ['25-15'])]) :-
    prompt_answers("You can choose one of these pairs From-To:\n[25-15]\n\c
                    Pick a pair for your move (eg. 22-12): ", A).

% A board printed as a list of its rows lists no moves.
test(a_board_written_as_its_rows_is_no_list_of_moves, [true(\+ memberchk('[x,o,x]', A))]) :-
    prompt_answers("[[x,o,x],[o,x,o],[e,e,e]]\nYour move: ", A).


% A form named without brackets ("in this format Column-Row"): the
% board's labels joined so, in the case the board writes them.
test(a_form_named_without_brackets, [true(A = ['A-1', 'A-2', 'A-3', 'B-1'|_])]) :-
    prompt_answers("     A   B   C\n1  | w |   |   |\n2  |   | b |   |\n3  |   |   |   |\n\c
                    Enter a valid position in this format Column-Row: ", A).


% The digit of a player's name ("player1") is no number asked: a move
% asked under a board is one of its squares.
test(a_players_number_is_no_range, [true(A = [a1, a2, a3, b1|_])]) :-
    prompt_answers("   a b c\n1 | | | |\n2 | | | |\n3 | | | |\nplayer1 Next Move:", A).


% A piece asked for: the squares where the board drawn last shows one;
% where it goes, every square.
test(a_piece_asked_is_a_square_that_holds_one, [true(A == ['A1', 'B1', 'C2', 'D1'])]) :-
    prompt_answers("    A   B   C   D\n  +---+---+---+---+\n1 | O | X |   | O |\n\c
                    2 |   |   | X |   |\n3 |   |   |   |   |\n\c
                    Which piece would you like to move? (e.g., A1)\n", A).

test(where_it_goes_is_any_square, [true(length(A, 12))]) :-
    prompt_answers("    A   B   C   D\n  +---+---+---+---+\n1 | O | X |   | O |\n\c
                    2 |   |   | X |   |\n3 |   |   |   |   |\n\c
                    Where would you like to move it to? (e.g., A1)\n", A).

test(a_piece_asked_in_a_named_form, [true(A == ['A-1', 'B-2'])]) :-
    prompt_answers("     A   B   C\n1  | w |   |   |\n2  |   | b |   |\n3  |   |   |   |\n\c
                    Please select the piece you wish to move.\n\c
                    Enter a valid position in this format Column-Row: ", A).


% The moves listed above a question for a piece ("press down").
test(the_moves_listed_above_a_question_for_a_piece, [true(A == [a1, d1, g7])]) :-
    prompt_answers("Valid Moves: [a1,d1,g7]\n\nYou formed a line! Choose an opponent's \c
                    piece to press down\n", A).


% The moves listed above the question come before a legend of the
% players' pieces written above the board.
test(listed_moves_before_a_legend_of_pieces, [true(A == ['22-12', '24-14'])]) :-
    prompt_answers("It is Player 1's turn\nPlayer 1's pieces are X\nPlayer 2's pieces are O\n\c
                    *| |X|O| |*\nThe pairs From-To you can choose to move:\n[22-12,24-14]\n\c
                    Pick a pair for your move (eg. 22-12): ", A).

% A menu whose keys are followed by one space and a label in capitals.
test(options_after_one_space, [true(A == ['3', '2', '1'])]) :-
    prompt_answers("1 PLAYER VS PLAYER\n2 PLAYER VS COMPUTER\n3 COMPUTER VS COMPUTER\n\n\c
                    4 BACK\n5 QUIT\n.......\nCHOOSE YOUR OPTION: \n", A).

% A board framed by its labels, the columns' below it too and each row's
% at both ends: the piece asked for is on a square with a mark.
test(a_piece_on_a_board_framed_by_its_labels, [true(A == ['(0-2)', '(1-0)', '(2-2)'])]) :-
    prompt_answers("    0    1    2\n2 | Ab |    | Ab | 2\n1 |    | -- |    | 1\n\c
                    0 |    | Vp |    | 0\n    0    1    2\nChoose piece to move: (X-Y)", A).

% A board's legend reads like a menu; the question under it names a range
% that holds none of its keys: the range's numbers alone. A menu whose
% keys the range holds stays a menu.
test(a_range_under_a_legend, [true(A == ['1', '2', '3', '4', '5', '6', '7'])]) :-
    prompt_answers("B - Blue\nG - Green\nE - Empty\n\nalpha, is your turn!\n\c
                    Hexagon between 1 and 7: ", A).
test(a_menu_whose_keys_the_range_holds, [true(A == ['2', '1'])]) :-
    prompt_answers("1 - Human vs Human\n2 - Computer vs Computer\nMode (1-2): ", A).

% A range of letters in Portuguese, in the refusal above the question;
% a column asked under a legend that quotes the marks: the board's
% column labels, not the marks.
test(a_letter_range_said_in_portuguese, [true(A == ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'])]) :-
    prompt_answers("\nIntroduza uma coluna valida (A a H)\nIntroduza a coluna da peca a mover:", A).
test(a_column_under_a_legend_of_quoted_marks, [true(A == ['A', 'B', 'C'])]) :-
    prompt_answers("  -------------\n1 | x | o | x |\n  -------------\n2 |   | o |   |\c
                    \n  -------------\n    A   B   C\n\nJogada | \"x\" | \"o\"\n   1     18    18\c
                    \n\nJogam as \"o\"\nIntroduza a coluna da peca a mover:", A).

:- end_tests(loop_answer).

%   retried_game(+Turns, -Game): a loop's game as a run keeps it: before
%   each turn a board and "PLAYER <side> -", then two picks with nothing
%   between (a piece, then where it goes); a turn asked again (the same
%   side twice) where the computer's move failed.
retried_game(Turns, Taken-Marks-Text) :-
    foldl(retried_turn, Turns, []-[], Parts-Marks),
    reverse(Parts, Ordered),
    atomic_list_concat(Ordered, Text0),
    atom_string(Text0, Text),
    length(Marks, N),
    length(Taken, N),
    maplist(=(1), Taken).

retried_turn(Side, Parts0-Marks0, [Part|Parts0]-[at(End, 1), at(End, 1)|Marks0]) :-
    format(string(Part), "| . | x |~n PLAYER ~w - ~n", [Side]),
    foldl([P, L0, L]>>( string_length(P, K), L is L0 + K ), [Part|Parts0], 0, End).

