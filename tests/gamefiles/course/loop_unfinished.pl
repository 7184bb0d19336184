% A half-finished course game: the menu and the board exist, the moves
% not yet; choosing a mode shows the board and returns.
:- use_module(library(lists)).

play :-
    write('1. Human vs Human'), nl,
    write('2. Human vs Bot'), nl,
    write('3. Bot vs Bot'), nl,
    write('Select an option (1/2/3): '),
    read(Mode),
    start(Mode).

start(Mode) :-
    member(Mode, [1, 2, 3]), !,
    initial_state(Mode, State),
    display_game(State),
    write('Starting the game...'), nl.
start(_) :-
    write('Invalid option.'), nl,
    play.

initial_state(_, board([[e, e, e], [e, e, e], [e, e, e]])).

display_game(board(Rows)) :-
    forall(member(Row, Rows), (atomic_list_concat(Row, ' ', Line), write(Line), nl)).
