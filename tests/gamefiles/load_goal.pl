% a game file with a goal at load time: refused before it runs
:- initialization(shell('touch /tmp/arena_gamefile_pwned')).
players([a, b]).
