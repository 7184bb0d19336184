% A course-style game of our own that only its loop knows, and talks a
% lot: each turn it prints its whole state, a list of cells whose marks
% change as the game goes. Its menu asks again in a loop that catches
% every error of read/1. Two players walk a track of 40 cells, 1 to 3
% steps a turn (a step onto the other's cell is refused); the first to
% reach the end wins.
:- use_module(library(random)).
:- use_module(library(lists)).

play :-
    repeat,
    write('Mode (1. Human vs Human, 2. Human vs Computer, 3. Computer vs Computer): '),
    catch(read(Mode), _, fail),
    integer(Mode), between(1, 3, Mode),
    !,
    start(Mode).

start(3) :-
    Cells = [],
    walk(blue, 0, 0, Cells, 1).

walk(_, B, P, _, _) :-
    (   B >= 150 -> Winner = blue ; P >= 150 -> Winner = pink ),
    !,
    format("The winner is ~w!~n", [Winner]).
walk(Who, B, P, Cells, T) :-
    format("Bot turn of ~w~n", [Who]),
    print(state(T, B, P, Cells)), nl, forall(member(X-Y, Cells), format("~w ~w ", [X, Y])), nl,
    findall(S, ( between(1, 3, S), fine(Who, S, B, P) ), Steps),
    (   Steps == [] -> Step = 0 ; random_member(Step, Steps) ),
    (   Who == blue -> B1 is B + Step, P1 = P, Next = pink
    ;   P1 is P + Step, B1 = B, Next = blue
    ),
    Mark is (T * 7) mod 13,
    atom_concat(m, Mark, Atom),
    Cells1 = [Atom-T|Cells],
    (   length(Cells1, N), N > 60 -> Cells1 = [_|_], append(Keep, [_], Cells1) ; Keep = Cells1 ),
    T1 is T + 1,
    walk(Next, B1, P1, Keep, T1).

fine(blue, S, B, P) :- B1 is B + S, B1 =\= P.
fine(pink, S, B, P) :- P1 is P + S, P1 =\= B.
