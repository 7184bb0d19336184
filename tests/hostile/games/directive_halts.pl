% A directive that calls the game's own code runs in the jail once the file
% is loaded; one that halts ends only its own goal: the file is refused,
% the reason one line.
:- bye.
bye :- halt(0).
players([a, b]).
