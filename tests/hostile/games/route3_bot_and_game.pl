% Route 3: one file that is both a bot and a game; named by a log as its
% game file. Its display runs a message format with ~@.
players([a, b]).
initial_state(_, s(0)).
current_player(s(N), P) :- ( N mod 2 =:= 0 -> P = a ; P = b ).
valid_moves(s(N), Ms) :- ( N < 4 -> Ms = [1, 2] ; Ms = [] ).
move(s(N), M, s(N1)) :- N1 is N + M.
game_over(s(N), W) :- N >= 4, ( N mod 2 =:= 0 -> W = a ; W = b ).
display_game(s(N)) :-
    Goal = ( open('/tmp/arena-gamehost-pwned', write, S), close(S) ),
    print_message(error, format("~@", [Goal])),
    format("total ~w~n", [N]).
choose_move(State, _, Move) :-
    valid_moves(State, [Move|_]).
