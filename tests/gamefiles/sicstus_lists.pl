:- module(sicstus_lists, [players/1, option/3, initial_state/2, current_player/2,
                          valid_moves/2, move/3, game_over/2, value/3]).

/** <module> A one-move game whose value/3 calls the SICStus list
predicates SWI-Prolog lacks (prolog/sicstus_lib.pl gives them to a game
file), each by its option `use`. */

players([first, second]).

option(use, 1, "which SICStus list predicate value/3 calls (1..6)").

initial_state(Options, s(Use)) :-
    (   memberchk(use(Use), Options)
    ->  true
    ;   Use = 1
    ).

current_player(_, first).

valid_moves(s(_), [stop]).
valid_moves(done(_), []).

move(s(Use), stop, done(Use)).

game_over(done(_), draw).

value(s(Use), _, Value) :-
    uses(Use, Value).
value(done(Use), _, Value) :-
    uses(Use, Value).

uses(1, V) :- transpose([[1, 2], [3, 4]], [[1, 3], [2, 4]]), V = 1.
uses(2, V) :- map_product(times, [1, 2], [3, 4], Ps), sum_list(Ps, V).
uses(3, V) :- rotate_list(2, [1, 2, 3], [3, 1, 2]), V = 3.
uses(4, V) :- cumlist(plus, [1, 2, 3], 0, [1, 3, V]).
uses(5, V) :- somechk(==(2), [1, 2]), remove_dups([b, a, b], [a, b]), V = 5.
uses(6, V) :- nth(2, [4, 6], V).

times(X, Y, Z) :- Z is X * Y.
