% A course-style game of our own that only its loop knows, for two
% people only, started at heap_game/0 (no play/0). The predicate that
% announces the winner asks whether to play again and, on yes, calls
% heap_game/0 once more. A heap of 11; each takes 1 to 3; who takes the
% last one wins.
heap_game :-
    write('1. Player vs Player'), nl,
    write('2. Quit'), nl,
    write('Choose: '),
    read(Choice),
    (   Choice == 1 -> turn(11, anna, ben) ; true ).

turn(Heap, Player, Other) :-
    format("Heap: ~w~nTurn of ~w~nHow many (1-3)? ", [Heap, Player]),
    read(T),
    (   integer(T), T >= 1, T =< 3, T =< Heap
    ->  Left is Heap - T,
        (   Left =:= 0 -> announce_winner(Player) ; turn(Left, Other, Player) )
    ;   write('Invalid move, try again.'), nl,
        turn(Heap, Player, Other)
    ).

announce_winner(Player) :-
    format("~w wins!~nPlay again? (y/n) ", [Player]),
    read(Again),
    (   Again == y -> heap_game ; true ).
