% a directive that runs a goal: refused outside a jail, run inside it (and
% its shell is not there)
:- shell('touch /tmp/arena_gamefile_pwned').
players([a, b]).
