% Several problems at once, each reported with its line.
:- initialization(main).
choose_move(_, _, 1).
oops(:- .
ok(1).
user:portray(_).
