% a directive that runs a goal: refused before it runs
:- shell('touch /tmp/arena_gamefile_pwned').
players([a, b]).
