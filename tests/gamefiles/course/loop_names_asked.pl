% A course-style game of our own that only its loop knows, for two
% people only. It asks each player's name ("Hello player_1, what is your
% name?"), then says whose turn it is by name ("ann, is your turn!"). A
% move is two questions: a ring to paint ("Choose a ring to play except
% 4:", the ring painted last, then "Ring between 1 and 7:"), then how
% many coats. A ring painted goes to
% its painter; three rings in a row of one painter win; after 30 moves
% it is a draw. The ring painted last is refused, and the same player
% is asked again.
:- use_module(library(lists)).

play :-
    write('1 - Start'), nl,
    write('2 - Leave'), nl,
    write('Option: '),
    read(Choice),
    (   Choice == 1
    ->  write('Hello player_1, what is your name? '), read(N1),
        write('Hello player_2, what is your name? '), read(N2),
        turn([e, e, e, e, e, e, e], 0, 0, N1-N2)
    ;   true
    ).

turn(Row, Last, Moves, Name-Other) :-
    show(Row),
    format("~n~w, is your turn!~n", [Name]),
    (   Last =:= 0 -> write('Choose a ring to play:'), nl
    ;   format("Choose a ring to play except ~w:~n", [Last])
    ),
    write('Ring between 1 and 7: '),
    read(I),
    write('Coats between 1 and 2: '),
    read(_),
    (   integer(I), between(1, 7, I), I =\= Last
    ->  nth1(I, Row, _, Rest),
        nth1(I, Row1, Name, Rest),
        Moves1 is Moves + 1,
        (   append(_, [Name, Name, Name|_], Row1)
        ->  show(Row1), format("~nThe winner is ~w!~n", [Name])
        ;   Moves1 >= 30
        ->  show(Row1), write('Nobody wins: a draw.'), nl
        ;   turn(Row1, I, Moves1, Other-Name)
        )
    ;   write('Invalid ring.'), nl,
        turn(Row, Last, Moves, Name-Other)
    ).

show(Row) :-
    forall(nth1(I, Row, C), format("[~w: ~w] ", [I, C])), nl.
