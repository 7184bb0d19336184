:- module(arena_gamefile_checked,
          [ game_clause/4             % +Code, +Raw, +Game, -Clause
          ]).
:- use_module(rule_clock, [firm_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(time)).

/** <module> The checked view of a game file

The game module over a game file's raw view (prolog/gamefile/view.pl):
each of the raw view's predicates called under the limits of a rule
(arena_gamefile:rule_call/3) and its answer checked: ground, acyclic,
a move among the valid ones, move text an atom, a display within 5 s
(the state printed where it fails).
*/

%   game_clause(+Code, +Raw, +Game, -Clause) is nondet.
%
%   The game module: each predicate of the raw view through a guard.

game_clause(Code, Raw, Game, Clause) :-
    Raw:module_property(Raw, exports(PIs)),
    member(Name/Arity, PIs),
    Name/Arity \== config_state/2,
    functor(Head, Name, Arity),
    (   Head = move_text(M, T),
        \+ arena_gamefile_view:provides(Code, move_text/2)
    ->  Clause = (Head :- arena_gamefile_view:default_move_text(M, T))  % the arena's own
    ;   Clause = (Head :- arena_gamefile_checked:guarded(Game, Raw, Name/Arity, Head))
    ).
game_clause(_, Raw, Game,
            (config_state(C, S) :-
                 arena_gamefile_checked:guarded(Game, Raw, initial_state/2, config_state(C, S)))).

:- public guarded/4, generic_display/1.

%   guarded(+Game, +Raw, +PI, +Head) is semidet.
%
%   Head called in Raw under the limits of a rule, its answer checked.

guarded(Game, Raw, choose_move/3, Head) :-
    !,
    arena_gamefile:limited_call(Game, choose_move/3, 60, 2_000_000_000, Raw:Head),
    arg(3, Head, Move),
    ground_answer(Game, choose_move/3, Move).
guarded(Game, Raw, display_game/1, Head) :-
    !,
    % a display that fails (it needs facts a menu asserts) gives the state
    (   catch(firm_time_limit(5, with_output_to(string(Out), Raw:Head)),
              Error, display_error(Game, Error))
    ->  write(Out)
    ;   Head = display_game(S0),
        (   S0 = '$arena_facts'(S, _)   % the game's own state, its facts not shown
        ->  true
        ;   S = S0
        ),
        format("(display_game failed; the state:)~n"),
        generic_display(S)
    ).
guarded(Game, Raw, option/3, option(N, D, H)) :-
    !,
    arena_gamefile:rule_call(Game, option/3,
                             findall(N0-D0-H0, Raw:option(N0, D0, H0), Options)),
    ground_answer(Game, option/3, Options),
    member(N-D-H, Options).
guarded(Game, Raw, move/3, move(S, M, S1)) :-
    !,
    arena_gamefile:rule_call(Game, move/3,
                             ( Raw:valid_moves(S, Ms),
                               ground(M),
                               memberchk(M, Ms),
                               Raw:move(S, M, S2)
                             )),
    ground_answer(Game, move/3, S2),
    S1 = S2.
guarded(Game, Raw, move_text/2, move_text(M, T)) :-
    !,
    (   nonvar(M)
    ->  arena_gamefile:rule_call(Game, move_text/2, Raw:move_text(M, T0)),
        text_atom(Game, T0, T)
    ;   arena_gamefile:rule_call(Game, move_text/2, Raw:move_text(M0, T)),
        ground(M0),
        M = M0
    ).
guarded(Game, Raw, PI, Head) :-
    functor(Head, _, Arity),
    arg(Arity, Head, Out),
    copy_term(Head, Head0),
    arena_gamefile:rule_call(Game, PI, Raw:Head0),
    arg(Arity, Head0, Out0),
    ground_answer(Game, PI, Out0),
    Out = Out0,
    Head = Head0.

text_atom(_, T0, T) :-
    atom(T0),
    !,
    T = T0.
text_atom(_, T0, T) :-
    string(T0),
    !,
    atom_string(T, T0).
text_atom(Game, T0, _) :-
    shown(Game, move_text/2, Label, PI),
    format(atom(Message), "~w: ~w gave ~q, not an atom", [Label, PI, T0]),
    throw(error(game_rule(Message), _)).

ground_answer(Game, PI0, Out) :-
    (   \+ acyclic_term(Out)
    ->  shown(Game, PI0, Label, PI),
        format(atom(Message), "~w: ~w gave a cyclic term", [Label, PI]),
        throw(error(game_rule(Message), _))
    ;   ground(Out)
    ->  true
    ;   shown(Game, PI0, Label, PI),
        format(atom(Message),
               "~w: ~w left a non-ground answer: ~q", [Label, PI, Out]),
        throw(error(game_rule(Message), _))
    ).

%   shown(+Game, +PI, -Label, -Shown): the game and predicate as the
%   game's author knows them (no internal module, the adapter's name).
shown(Game, PI, Label, Shown) :-
    arena_gamefile:game_label(Game, Label),
    arena_gamefile:shown_pi(Game, PI, Shown).

display_error(_, arena_interrupted) :-
    !,
    throw(arena_interrupted).
display_error(Game, time_limit_exceeded) :-
    !,
    shown(Game, display_game/1, Label, PI),
    format(atom(Message), "~w: ~w did not finish within 5 s (a loop?)", [Label, PI]),
    throw(error(game_rule(Message), _)).
display_error(Game, Error) :-
    shown(Game, display_game/1, Label, PI),
    format(atom(Message), "~w: ~w threw ~q", [Label, PI, Error]),
    throw(error(game_rule(Message), _)).

%   generic_display(+State): the state printed, for a game without a
%   display_game or one that fails.
generic_display(State) :-
    print_term(State, [right_margin(78), output(current_output)]),
    nl.
