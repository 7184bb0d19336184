% A course-style game of our own that only its loop knows, for two
% people only. Its board is a row of seven rings, drawn with a legend
% whose lines read like a menu ("R - Red"); under it the question names
% the range it takes ("Ring between 1 and 7:"). Each paints an empty
% ring; whoever paints the third ring in a row of their colour wins; a
% full row is a draw. A taken or wrong ring is asked for again.
:- use_module(library(lists)).

play :-
    write('1 - Start'), nl,
    write('2 - Leave'), nl,
    write('Option: '),
    read(Choice),
    (   Choice == 1 -> turn([e, e, e, e, e, e, e], r) ; true ).

turn(Row, Colour) :-
    show(Row),
    colour_name(Colour, Name),
    format("~nPlayer ~w, your turn!~n", [Name]),
    ask(Row, I),
    nth1(I, Row, _, Rest),
    nth1(I, Row1, Colour, Rest),
    (   three(Row1, Colour)
    ->  show(Row1), format("~nThe winner is ~w!~n", [Name])
    ;   \+ memberchk(e, Row1)
    ->  show(Row1), write('Nobody wins: a draw.'), nl
    ;   other(Colour, Next),
        turn(Row1, Next)
    ).

ask(Row, I) :-
    write('Ring between 1 and 7: '),
    read(I0),
    (   integer(I0), nth1(I0, Row, e)
    ->  I = I0
    ;   ask(Row, I)
    ).

show(Row) :-
    forall(nth1(I, Row, C), format("(~w:~w) ", [I, C])), nl,
    write('R - Red'), nl,
    write('B - Blue'), nl,
    write('E - Empty'), nl.

three(Row, C) :-
    append(_, [C, C, C|_], Row).

colour_name(r, red).
colour_name(b, blue).
other(r, b).
other(b, r).
