:- module(arena_gamefile_propose_loop,
          [ loop_state/4,             % +Code, -State, -Config, -Input
            answered_how/2,           % +Input, -How
            forget_loop_states/0
          ]).
:- use_module(rule_clock, [firm_time_limit/2]).
:- use_module(library(lists)).
:- use_module(loop_drive, [loop_run/7]).
:- use_module(loop_answer, [loop_answers/1]).
:- use_module(entry_points, [entry_point/2]).

/** <module> The first state a game's own loop builds

Where initial_state/2 takes no config the proposal can guess (or leaves
part of the state to its menu), the game's own play/0 knows: it is run
here with its menu answered (each question from its text, as a loop
game's are, else a few inputs in turn: the numbers 1 to 10 over and
over, then one answer at every question), and the first ground
state its initial_state gives, or it passes to one of its rules
(display_game, game_over, valid_moves, move), is taken, the run stopped
there. Only in the game host's jail: play/0 is none of the rules the
arena otherwise runs.
*/

%!  loop_state(+Code, -State, -Config, -Input) is nondet.
%
%   State is a ground state Code's play/0 (or another entry point)
%   passes to its rules with standard input Input: each question
%   answered from its text (prompted(Answers)), else a text of answers.
%   Config is the ground config play/0 passed to initial_state/2 for
%   State, else unbound. The menu answered from its
%   questions first (a size from its range, the players it offers),
%   then on backtracking the first of the fixed answers that reaches a
%   state (often the first option: where the questions' answers set
%   computer players whose rules ask the keyboard, people play).

loop_state(Code, State, Config, Input) :-
    (   nb_current(arena_loop_states, memo(Code, Found))   % the runs of this proposal
    ->  true
    ;   findall(S-C-I, loop_run_state(Code, S, C, I), Found),
        nb_setval(arena_loop_states, memo(Code, Found))
    ),
    member(State-Config-Input, Found).

loop_run_state(Code, State, Config, Input) :-
    current_prolog_flag(arena_game_jail, true),
    entry_point(Code, Entry),
    Entry \== menu,                     % a menu/0 below play/0 may skip its setup
    !,
    findall(Head, watched(Code, Head), Heads),
    Heads \== [],
    (   prompted_state(Code, Entry, Heads, State, Config, Input)
    ;   answers(Input),
        caught_state(Code, Entry, Heads, Input, State, Config)
    ->  true
    ).

%!  forget_loop_states is det.
%
%   A new proposal runs the game's loop again.

forget_loop_states :-
    nb_setval(arena_loop_states, none).

%   prompted_state: the state reached with each question answered from
%   its text (prolog/gamefile/loop_answer.pl); Input is prompted(Given),
%   the answers given.
prompted_state(Code, Entry, Heads, State, Config, prompted(Given)) :-
    maplist(watch, Heads),
    setup_call_cleanup(
        nb_setval(arena_loop_watching, true),
        loop_run(Code:Entry, prompted(auto), free(0, 1), 2, Outcome, _, _),
        nb_setval(arena_loop_watching, false)),
    Outcome = ended(error(arena_loop_state(State, Config))),
    loop_answers(Given),
    Given = [_|_].

%   answers(-Input): what is typed at the menu: 1, 2, ..., 10 over and
%   over (a menu that asks again after a wrong answer takes the first
%   number it accepts), as terms for read/1 and as lines, then one
%   answer at every question.
answers(Input) :-
    member(Dot, ['.', '']),
    findall(Line, ( between(1, 6, _), between(1, 10, N),
                    format(atom(Line), "~d~w~n", [N, Dot]) ), Lines),
    atomic_list_concat(Lines, Input).
answers(Input) :-
    member(Answer, ['1.', '1', '2.', '2']),
    format(atom(Line), "~w~n", [Answer]),
    length(Lines, 40),
    maplist(=(Line), Lines),
    atomic_list_concat(Lines, Input).

watched(Code, Code:Head) :-
    member(Name/Arity, [initial_state/1, initial_state/2, display_game/1, display_game/2,
                        game_over/2, valid_moves/2, valid_moves/3, move/3]),
    functor(Head, Name, Arity),
    current_predicate(Code:Name/Arity),
    \+ predicate_property(Code:Head, imported_from(_)).

caught_state(Code, Entry, Heads, Input, State, Config) :-
    maplist(watch, Heads),
    catch(setup_call_cleanup(
              nb_setval(arena_loop_watching, true),
              run_entry(Code, Entry, Input),
              nb_setval(arena_loop_watching, false)),
          E,
          true),
    nonvar(E),
    E = arena_loop_state(State, Config).

:- public watching/0.

watching :-
    nb_current(arena_loop_watching, true).

%   watch(+M:Head): Head wrapped, once (SWI-Prolog 9.0's
%   unwrap_predicate/2 left a host to crash later, segv), to throw the
%   first ground state it meets while caught_state/6 runs.
watch(M:Head) :-
    current_predicate_wrapper(M:Head, arena_loop, _, _),
    !.
watch(M:Head) :-
    functor(Head, initial_state, Arity),
    !,                                  % the state it gives, once it is built
    arg(Arity, Head, S),
    arg(1, Head, C),
    wrap_predicate(M:Head, arena_loop, Wrapped,
                   (   \+ arena_gamefile_propose_loop:watching
                   ->  Wrapped
                   ;   copy_term(C, C0),
                       Wrapped,
                       (   ground(S)
                       ->  (   Arity == 2, ground(C0)
                           ->  throw(arena_loop_state(S, C0))
                           ;   throw(arena_loop_state(S, _))
                           )
                       ;   true
                       )
                   )).
watch(M:Head) :-                        % ground when called, or once it returns
    arg(1, Head, S),                    % (a display that closes the rows' lists)
    wrap_predicate(M:Head, arena_loop, Wrapped,
                   (   \+ arena_gamefile_propose_loop:watching
                   ->  Wrapped
                   ;   ground(S)
                   ->  throw(arena_loop_state(S, _))
                   ;   Wrapped,
                       (   ground(S)
                       ->  throw(arena_loop_state(S, _))
                       ;   true
                       )
                   )).

run_entry(Code, Entry, Input) :-
    open_string(Input, In),
    stream_property(OldIn, alias(user_input)),
    current_input(OldCurrent),
    setup_call_cleanup(
        ( set_stream(In, alias(user_input)),
          set_input(In)
        ),
        with_output_to(string(_),
                       firm_time_limit(2, ignore(Code:Entry))),
        ( set_stream(OldIn, alias(user_input)),
          set_input(OldCurrent),
          close(In)
        )).

%   answered_how(+Input, -How): how the loop's menu was answered.
answered_how(prompted(Given), How) :-
    !,
    atomic_list_concat(Given, ', ', Text),
    format(atom(How), "~w (each question answered from its text)", [Text]).
answered_how(Input, How) :-
    split_string(Input, "\n", "", [A1, A2|_]),
    (   A1 == A2
    ->  format(atom(How), "`~w` at every question", [A1])
    ;   format(atom(How), "~w, ~w, ... (the first number each question took)", [A1, A2])
    ).
