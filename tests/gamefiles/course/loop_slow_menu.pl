% A course-style game of our own whose menu thinks a while over every
% answer and takes none of them: the search for answers that make it
% play runs out of time.
play :-
    write('Mode (1-3): '),
    read(_),
    (   between(1, 4000000, _), fail ; true ),
    write('Invalid mode.'), nl,
    play.
