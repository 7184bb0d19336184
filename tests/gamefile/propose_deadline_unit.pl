% Unit tests of the adapter proposal's own deadline
% (prolog/gamefile/propose_code.pl within_deadline/2): a search whose
% every call is caught by a catch-all of its own still stops.
:- use_module('../../prolog/gamefile/propose_code').
:- use_module(library(plunit)).

%   a search that goes on and on, each call of the game's rules quiet
%   (its errors and time limits caught, as a catch-all of the game's own
%   would catch a time limit put round the whole search)
stubborn :-
    repeat,
    \+ quiet(catch(( sleep(0.05), fail ), _, true)),
    fail.

:- begin_tests(propose_deadline).

test(stops_a_search_that_catches_everything, [throws(arena_propose_timeout)]) :-
    within_deadline(0.5, stubborn).

test(a_quick_search_answers) :-
    within_deadline(5, quiet(X = 1)),
    X == 1.

test(no_deadline_after_the_search) :-
    catch(within_deadline(0.2, stubborn), arena_propose_timeout, true),
    sleep(0.3),
    quiet(true).

:- end_tests(propose_deadline).
