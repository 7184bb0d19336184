% The menu of the hexapawn submission: play/0 reads from the user.

play :-
    write('Hexapawn'), nl,
    write('1. Human vs Human'), nl,
    write('2. Human vs Computer'), nl,
    write('3. Computer vs Computer'), nl,
    read(Option),
    menu_config(Option, Config),
    initial_state(Config, GameState),
    game_loop(GameState).

menu_config(1, config(human, human)).
menu_config(2, config(human, 2)).
menu_config(3, config(2, 2)).

game_loop(GameState) :-
    display_game(GameState),
    (   game_over(GameState, Winner)
    ->  format("~w wins!~n", [Winner])
    ;   GameState = game(_, Turn, Types),
        turn_type(Turn, Types, Type),
        choose_move(GameState, Type, Move),
        move(GameState, Move, GameState1),
        game_loop(GameState1)
    ).

turn_type(white, [Type, _], Type).
turn_type(black, [_, Type], Type).
