% A race to 10 whose pie rule is a question move/3 asks at the second
% move, in a loop until answered (as some 2023/24 Trike submissions do).
other_player(p1, p2).
other_player(p2, p1).

initial_state(_, [0, p1, 1]).

valid_moves([Count, _, _], _, Moves) :-
    findall(N, ( member(N, [1, 2]), Count + N =< 10 ), Moves).

move([Count, Player, Number], N, [Count1, Next, Number1]) :-
    Number =:= 2,
    !,
    swap_question(Answer),
    Count1 is Count + N,
    Number1 is Number + 1,
    (   Answer == y
    ->  Next = Player
    ;   other_player(Player, Next)
    ).
move([Count, Player, Number], N, [Count1, Next, Number1]) :-
    Count1 is Count + N,
    Number1 is Number + 1,
    other_player(Player, Next).

swap_question(Answer) :-
    repeat,
    write('Swap sides? (y./n.) '),
    read(Answer),
    (   member(Answer, [y, n])
    ->  true
    ;   write('Please answer y. or n.'), nl,
        fail
    ).

game_over([10, Player, _]) :-
    other_player(Player, _).

display_game([Count, Player, _]) :-
    format("~w, ~w to move~n", [Count, Player]).
