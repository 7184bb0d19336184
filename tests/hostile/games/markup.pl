% Markup wherever a game's text reaches a page: the title, the move texts,
% their descriptions, the board (with a line separator and the end of a
% script element) and the result's reason. A page must show it all as text.
players([a, b]).
title('<script>window.pwned="title"</script>').
initial_state(_, s(a, 0)).
current_player(s(P, _), P).
valid_moves(s(_, N), Moves) :-
    (   N < 4
    ->  Moves = ['</script><script>window.pwned="move"</script>',
                 '<img src=x onerror="window.pwned=\'move\'">']
    ;   Moves = []
    ).
move(s(P, N), Move, s(Q, N1)) :-
    valid_moves(s(P, N), Moves),
    memberchk(Move, Moves),
    other(P, Q),
    N1 is N + 1.
other(a, b).
other(b, a).
game_over(s(_, 4), draw).
outcome_reason(_, '<img src=x onerror="window.pwned=\'reason\'">').
move_description(_, Move, Text) :-
    format(atom(Text), "<b onmouseover=\"window.pwned='description'\">~w</b>", [Move]).
display_game(s(P, N)) :-
    format("<script>window.pwned='board'</script>~n", []),
    format("</pre><img src=x onerror=\"window.pwned='board'\"> ~w ~w ~c~n", [P, N, 0x2028]),
    format("]]></script><!-- ~w~n", [P]).
