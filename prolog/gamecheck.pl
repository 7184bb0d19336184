:- module(arena_gamecheck,
          [ check_game/4,             % +Game, +State0, +Options, -Problems
            check_notes/1             % -Notes
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(random)).
:- use_module(gamecheck_position).
:- use_module(prefix).

/** <module> Conformance of a game to the contract

check_game/4 plays seeded random games from a start state and walks
every position of the first plies exhaustively, checking in each
position what prolog/arena.pl promises. Game is a module with the
contract: a built-in game, or the raw view of a game file (so that what
the file itself does is checked, not the guards the arena puts around
it). Every call runs under the limits of a rule call; what is checked
in each position is in prolog/gamecheck_position.pl.

A problem is [Predicate, StateText, MoveText, Message] (MoveText '' when
no move is involved).
*/

%!  check_game(+Game, +State0, +Options, -Problems) is det.
%
%   Options: games(N) random games (10), seed(S) (0), max_plies(P) a
%   game must end within (1000), exhaustive_plies(K) (2), max_states(M)
%   positions walked exhaustively at most (400), max_problems(Q) (20).

check_game(Game, State0, Options, Problems) :-
    option(games(NGames), Options, 10),
    option(seed(Seed), Options, 0),
    option(max_plies(MaxPlies), Options, 1000),
    option(exhaustive_plies(Plies), Options, 2),
    option(max_states(MaxStates), Options, 400),
    option(max_problems(MaxProblems), Options, 20),
    option(seconds(Seconds), Options, 60),
    set_random(seed(Seed)),
    get_time(Now),
    Deadline is Now + Seconds,
    nb_setval(arena_check_deadline, Deadline),
    nb_setval(arena_check_states, 0),
    nb_setval(arena_check_slowest, 0-none),
    nb_setval(arena_check_unended, 0-0-none),
    Acc = acc([], 0, []),               % problems, count, move pool
    catch(( first_state(Game, State0, Acc, MaxProblems),
            exhaustive(Game, [State0], Plies, MaxStates, Acc, MaxProblems),
            forall(between(1, NGames, _),
                   playout(Game, State0, MaxPlies, Acc, MaxProblems))
          ),
          Stop,
          stopped(Stop)),
    catch(unended(Game, MaxPlies, Acc, MaxProblems, Unended), Stop1, stopped(Stop1)),
    arg(1, Acc, Problems0),
    reverse(Problems0, Problems1),
    maplist(counted_problem, Problems1, Problems2),
    list_to_set(Problems2, Problems),
    nb_getval(arena_check_states, Checked),
    nb_getval(arena_check_slowest, Slowest-SlowPI),
    (   Checked =:= 1
    ->  Done = '1 position checked'
    ;   format(atom(Done), "~D positions checked", [Checked])
    ),
    (   var(Stop)
    ->  Notes0 = [Done]
    ;   Stop == arena_gamecheck_budget
    ->  format(atom(Partial), "the time budget of ~w s ended: a partial report (--time to change)",
               [Seconds]),
        Notes0 = [Done, Partial]
    ;   Notes0 = [Done, 'stopped at the problem limit']
    ),
    (   SlowPI == none
    ->  Notes1 = Notes0
    ;   pi_text(SlowPI, SlowText),
        format(atom(Slow), "slowest rule: ~w, ~3f s in one call", [SlowText, Slowest]),
        append(Notes0, [Slow], Notes1)
    ),
    (   atom(Unended),
        Unended \== none
    ->  append(Notes1, [Unended], Notes)
    ;   Notes = Notes1
    ),
    nb_setval(arena_check_notes, Notes).

stopped(Stop) :-
    (   memberchk(Stop, [arena_gamecheck_enough, arena_gamecheck_budget])
    ->  true
    ;   throw(Stop)
    ).

%!  check_notes(-Notes) is det.
%
%   What the last check_game/4 says beside its problems: positions
%   checked, whether the time budget ended it, the slowest rule call.

check_notes(Notes) :-
    (   nb_current(arena_check_notes, Notes0)
    ->  Notes = Notes0
    ;   Notes = []
    ).

counted_problem([PI, S, M, Why, N], [PI, S, M, Why1]) :-
    (   N > 1
    ->  format(atom(Why1), "~w (seen ~D times)", [Why, N])
    ;   Why1 = Why
    ).

%   first_state: a game over before its first move is none to play.
first_state(Game, State0, Acc, Max) :-
    (   catch(quiet(Game, Game:game_over(State0, W)), error(game_rule(_), _), fail)
    ->  format(atom(Why), "holds in the first state (winner ~q): the game ends before \c
                           its first move", [W]),
        add(Game, Acc, Max, [game_over/2, State0, '', Why])
    ;   true
    ).

exhaustive(Game, States, Plies, Budget, Acc, Max) :-
    length(States, N),
    Budget1 is Budget - N,
    maplist(check_state(Game, Acc, Max), States, MovesLists),
    (   Plies > 0,
        Budget1 > 0
    ->  findall(S1,
                ( nth1(I, States, S),
                  nth1(I, MovesLists, Moves),
                  member(M, Moves),
                  quiet(Game, Game:move(S, M, S1))
                ),
                Next0),
        sort(Next0, Next1),
        first_n(Budget1, Next1, Next),
        exhaustive(Game, Next, Plies - 1, Budget1, Acc, Max)
    ;   true
    ).

playout(Game, State0, Plies, Acc, Max) :-
    nb_getval(arena_check_unended, Games0-Unended-First),
    Games is Games0 + 1,
    nb_setval(arena_check_unended, Games-Unended-First),
    playout_(Game, State0, Plies, Acc, Max).

playout_(Game, State, Left, Acc, Max) :-
    check_state(Game, Acc, Max, State, Moves),
    (   Moves == []
    ->  true
    ;   Left =< 0
    ->  nb_getval(arena_check_unended, Games-Unended0-First0),
        Unended is Unended0 + 1,
        (   First0 == none
        ->  First = State
        ;   First = First0
        ),
        nb_setval(arena_check_unended, Games-Unended-First)
    ;   random_member(Move, Moves),
        (   quiet(Game, Game:move(State, Move, State1))
        ->  Left1 is Left - 1,
            playout_(Game, State1, Left1, Acc, Max)
        ;   true                        % reported by check_state
        )
    ).

%   unended(+Game, +Plies, +Acc, +Max, -Note): random games that reached
%   the ply bound are a problem of game_over/2 where they are more than
%   half of those played (it may never hold); else Note says how many
%   (random play can go on for long in a game that ends), or is none.
unended(Game, Plies, Acc, Max, Note) :-
    nb_getval(arena_check_unended, Games-Unended-First),
    (   Unended =:= 0
    ->  Note = none
    ;   Unended * 2 > Games
    ->  Note = none,
        format(atom(Why), "~D of ~D random games did not end within ~D plies",
               [Unended, Games, Plies]),
        add(Game, Acc, Max, [game_over/2, First, '', Why])
    ;   format(atom(Note), "~D of ~D random games did not end within ~D plies (random \c
                            play can go on for long; the others ended)",
               [Unended, Games, Plies])
    ).
