:- module(arena_loop_seen,
          [ seen_or/4                 % +Kind, +Key, ?Value, :Goal
          ]).

/** <module> What a game's own loop wrote, read once

A game played through its own loop runs again from its start for each
position it is asked about (prolog/gamefile/loop_game.pl), and a search
for its adapter runs it many times, so the same texts come again and
again: their lines, words and the answers to their questions
(prolog/gamefile/loop_prompt.pl, loop_names.pl), which depend on the
text alone, are kept, the last 1,024 by hash, each of a text under
20,000 characters.
*/

:- meta_predicate seen_or(+, +, ?, 0).

:- dynamic seen/4.

%!  seen_or(+Kind, +Key, ?Value, :Goal) is semidet.
%
%   Value as Goal (deterministic, a function of Key) binds it, kept for
%   Kind and Key.

seen_or(Kind, Key, Value, Goal) :-
    term_hash(Kind-Key, Hash),
    Slot is Hash mod 1024,
    (   seen(Slot, Kind, Key, Value0)
    ->  Value = Value0
    ;   once(Goal),
        (   small(Key)
        ->  retractall(seen(Slot, _, _, _)),
            assertz(seen(Slot, Kind, Key, Value))
        ;   true
        )
    ).

small(Key) :-
    term_size(Key, Cells),
    Cells < 2500.                       % a string of some 20,000 characters
