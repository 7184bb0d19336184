% A course-style game of our own whose menu thinks long over every
% answer (longer than a run of the search lasts) and takes none of them:
% the search for answers that make it play runs out of time.
play :-
    write('Mode (1-3): '),
    read(_),
    (   between(1, 100000000, _), fail ; true ),
    write('Invalid mode.'), nl,
    play.
