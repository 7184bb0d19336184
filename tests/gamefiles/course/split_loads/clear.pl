clear_screen :- write('\e[2J').
