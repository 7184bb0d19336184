% Output: a title and a board with OSC (window title, clipboard), a screen
% clear and cursor moves next to plain colours.
players([a, b]).
title('Game \e]0;owned\a').
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(s(N), Ms) :- ( N < 1 -> Ms = [1] ; Ms = [] ).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(1), a).
display_game(s(N)) :-
    format("\e]52;c;cm0gLXJmIH4=\a\e[2J\e[H\e[31mred ~w\e[0m~n", [N]),
    format(user_error, "\e]0;pwned title\a\e[2J~n", []).
