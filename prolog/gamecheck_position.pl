:- module(arena_gamecheck_position,
          [ check_state/5,            % +Game, +Acc, +Max, +State, -Moves
            quiet/2,                  % +Game, :Goal
            add/4,                    % +Game, +Acc, +Max, +Problem
            pi_text/2                 % +PI, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(gamefile/load).
:- use_module(prefix).

/** <module> What the conformance check asks in one position

check_state/5 checks one position of a game against the contract of
prolog/arena.pl (prolog/gamecheck.pl walks the positions): the player
to move, the valid moves, game_over/2, display, value/3, each move, an
unlisted move and the game's own AI levels, each call under the limits
of a rule call and timed. add/4 records a problem once, counting the
times it is seen again.
*/

within_budget :-
    nb_getval(arena_check_deadline, Deadline),
    get_time(Now),
    (   Now > Deadline
    ->  throw(arena_gamecheck_budget)
    ;   true
    ).

%   timed(+PI, :Goal): Goal, its time kept when it is the slowest yet; the
%   check's budget is looked at before each rule call (a position can have
%   many moves, each a few calls).
:- meta_predicate timed(+, 0).
timed(PI, Goal) :-
    within_budget,
    get_time(T0),
    call_cleanup(Goal, slowest(PI, T0)).

slowest(PI, T0) :-
    get_time(T1),
    T is T1 - T0,
    nb_getval(arena_check_slowest, Max-_),
    (   T > Max
    ->  nb_setval(arena_check_slowest, T-PI)
    ;   true
    ).

%   check_state(+Game, +Acc, +Max, +State, -Moves): Moves are the valid
%   moves when they could be had, else [].
check_state(Game, Acc, Max, State, Moves) :-
    within_budget,
    nb_getval(arena_check_states, NStates0),
    NStates is NStates0 + 1,
    nb_setval(arena_check_states, NStates),
    Report = add(Game, Acc, Max),
    check_current_player(Game, State, Report),
    check_text(State, Report),
    (   det_call(Game, valid_moves/2, Game:valid_moves(State, Moves0), Det, Report)
    ->  check_moves_list(Game, State, Moves0, Det, Report, Moves),
        Listed = Moves
    ;   (   catch(quiet(Game, Game:game_over(State, _)), error(game_rule(_), _), fail)
        ->  Why = 'valid_moves/2 failed where game_over/2 holds: give [] there'
        ;   Why = 'valid_moves/2 failed'
        ),
        call(Report, [valid_moves/2, State, '', Why]),
        Moves = [],
        Listed = failed                 % no list to hold against game_over/2
    ),
    check_game_over(Game, State, Listed, Report),
    check_display(Game, State, Report),
    check_value(Game, State, Report),
    forall(member(M, Moves), check_move(Game, State, M, Report)),
    check_unlisted(Game, State, Moves, Acc, Report),
    (   sampled(NStates)
    ->  check_choose(Game, State, Moves, Report)
    ;   true
    ),
    pool(Acc, Moves).

check_current_player(Game, State, Report) :-
    (   det_call(Game, current_player/2, Game:current_player(State, P), Det, Report)
    ->  (   \+ ground(P)
        ->  call(Report, [current_player/2, State, '', 'left a non-ground player'])
        ;   quiet(Game, Game:players(Ps)),
            \+ memberchk(P, Ps)
        ->  format(atom(Why), "gave ~q, not one of players/1", [P]),
            call(Report, [current_player/2, State, '', Why])
        ;   Det == nondet
        ->  call(Report, [current_player/2, State, '', 'left a choice point'])
        ;   true
        )
    ;   call(Report, [current_player/2, State, '', failed])
    ).

check_text(State, Report) :-
    (   ground(State)
    ->  format(atom(Text), "~q", [State]),
        (   catch(term_string(Back, Text), _, fail),
            Back == State
        ->  true
        ;   call(Report, [state_text, State, '',
                          'the state written with ~q does not read back as the same term'])
        )
    ;   call(Report, [state_text, State, '', 'the state is not ground'])
    ).

check_moves_list(Game, State, Moves0, Det, Report, Moves) :-
    (   \+ is_list(Moves0)
    ->  call(Report, [valid_moves/2, State, '', 'did not give a list']),
        Moves = []
    ;   \+ ground(Moves0)
    ->  call(Report, [valid_moves/2, State, '', 'gave a list with variables']),
        Moves = []
    ;   Moves = Moves0,
        (   Det == nondet
        ->  call(Report, [valid_moves/2, State, '', 'left a choice point (not deterministic)'])
        ;   true
        ),
        sort(Moves, Set),
        length(Set, N),
        length(Moves, L),
        (   N =\= L
        ->  msort(Moves, Sorted),
            append(_, [D, D|_], Sorted),
            !,
            call(Report, [valid_moves/2, State, D, 'lists this move more than once'])
        ;   true
        ),
        _ = Game
    ).

check_game_over(Game, State, Moves, Report) :-
    (   det_call(Game, game_over/2, Game:game_over(State, W), Det, Report)
    ->  (   \+ ground(W)
        ->  call(Report, [game_over/2, State, '', 'left a non-ground winner'])
        ;   quiet(Game, Game:players(Ps)),
            \+ memberchk(W, [draw|Ps])
        ->  format(atom(Why), "gave winner ~q, not a player or draw", [W]),
            call(Report, [game_over/2, State, '', Why])
        ;   true
        ),
        (   Det == nondet
        ->  call(Report, [game_over/2, State, '', 'left a choice point'])
        ;   true
        ),
        (   is_list(Moves), Moves \== []
        ->  call(Report, [valid_moves/2, State, '',
                          'gave moves although game_over/2 holds'])
        ;   true
        )
    ;   Moves == []
    ->  call(Report, [valid_moves/2, State, '',
                      'gave [] although game_over/2 fails'])
    ;   true
    ).

check_display(Game, State, Report) :-
    (   catch(rule_call(Game, display_game/1, Game:display_game(State)),
              error(game_rule(Why), _),
              ( call(Report, [display_game/1, State, '', Why]), fail ))
    ->  true
    ;   call(Report, [display_game/1, State, '', failed])
    ).

check_value(Game, State, Report) :-
    (   predicate_property(Game:value(_, _, _), defined)
    ->  quiet(Game, Game:players(Ps)),
        forall(member(P, Ps), check_value_for(Game, State, P, Report))
    ;   true
    ).

check_value_for(Game, State, P, Report) :-
    catch(( timed(value/3, rule_call(Game, value/3, Game:value(State, P, V)))
          ->  Got = yes
          ;   Got = no
          ),
          error(game_rule(Why0), _),
          Got = error(Why0)),
    (   Got = error(Why)
    ->  call(Report, [value/3, State, '', Why])
    ;   Got == no
    ->  format(atom(Why), "gave no number for ~q", [P]),
        call(Report, [value/3, State, '', Why])
    ;   number(V)
    ->  true
    ;   format(atom(Why), "gave ~q for ~q, not a number", [V, P]),
        call(Report, [value/3, State, '', Why])
    ).

check_move(Game, State, Move, Report) :-
    (   quiet(Game, Game:move_text(Move, Text))
    ->  (   \+ atom(Text)
        ->  call(Report, [move_text/2, State, Move, 'the move text is not an atom'])
        ;   quiet(Game, Game:move_text(Back, Text)),
            Back == Move
        ->  true
        ;   format(atom(Why), "text ~q does not read back as the move", [Text]),
            call(Report, [move_text/2, State, Move, Why])
        )
    ;   call(Report, [move_text/2, State, Move, 'gave no text for a listed move'])
    ),
    (   det_call(Game, move/3, Game:move(State, Move, State1), Det, Report)
    ->  (   \+ ground(State1)
        ->  call(Report, [move/3, State, Move, 'left a non-ground state'])
        ;   Det == nondet
        ->  call(Report, [move/3, State, Move, 'left a choice point'])
        ;   true
        )
    ;   call(Report, [move/3, State, Move, 'refused a move that valid_moves/2 lists'])
    ).

%   moves seen in other positions that this one does not list must fail
check_unlisted(Game, State, Moves, Acc, Report) :-
    arg(3, Acc, Pool),
    findall(M, ( member(M, Pool), \+ memberchk(M, Moves) ), Unlisted0),
    first_n(6, Unlisted0, Unlisted),
    (   Unlisted \== [],
        catch(quiet(Game, Game:game_over(State, _)), error(game_rule(_), _), fail)
    ->  Why = 'accepted a move that valid_moves/2 does not list: game_over/2 holds there (the game is over)'
    ;   Why = 'accepted a move that valid_moves/2 does not list'
    ),
    forall(member(M, Unlisted),
           (   catch(quiet(Game, Game:move(State, M, _)), error(game_rule(_), _), fail)
           ->  call(Report, [move/3, State, M, Why])
           ;   true
           )).

check_choose(Game, State, Moves, Report) :-
    (   Moves \== [],
        arena_gamefile:game_file_raw(Base, Game),
        arena_gamefile:game_file_code(Base, Code),
        (   predicate_property(Code:choose_move(_, _, _), defined)
        ;   predicate_property(Code:choose_move(_, _, _, _), defined)
        )
    ->  forall(member(Level, [1, 2]),
               (   catch(quiet(Game, Game:choose_move(State, Level, M)),
                         error(game_rule(Why0), _),
                         ( call(Report, [choose_move/3, State, '', Why0]), fail ))
               ->  (   memberchk(M, Moves)
                   ->  true
                   ;   format(atom(Why), "level ~w chose a move that is not valid", [Level]),
                       call(Report, [choose_move/3, State, M, Why])
                   )
               ;   true
               ))
    ;   true
    ).

%   sampled(+N): the game's own AI levels are asked in the first
%   positions and then in one of 25 (a level may think for seconds).
sampled(N) :-
    (   N =< 5
    ->  true
    ;   N mod 25 =:= 0
    ).

pool(Acc, Moves) :-
    arg(3, Acc, Pool0),
    (   length(Pool0, N),
        N > 60
    ->  true
    ;   append(Pool0, Moves, Pool1),
        sort(Pool1, Pool),
        nb_setarg(3, Acc, Pool)
    ).

%   det_call(+Game, +PI, :Goal, -Det, +Report): Goal's first answer;
%   Det is det or nondet (a choice point left). A rule error is reported
%   and the call fails.
det_call(Game, PI, Goal, Det, Report) :-
    catch(timed(PI, rule_call(Game, PI, det_answer(Goal, Det))),
          error(game_rule(Why), _),
          ( Goal = _:G,
            arg(1, G, State),
            call(Report, [PI, State, '', Why]),
            fail )).

:- meta_predicate det_answer(0, -).
det_answer(Goal, Det) :-
    call_cleanup(Goal, Done = true),
    (   Done == true
    ->  Det = det
    ;   Det = nondet
    ),
    !.                                  % the first answer only

quiet(Game, Goal) :-
    (   Goal = _:G,
        callable(G)
    ->  functor(G, N, A),
        PI = N/A
    ;   PI = rule
    ),
    catch(timed(PI, rule_call(Game, PI, Goal)), error(game_rule(_), _), fail).

add(Game, Acc, Max, [PI0, State, Move, Said]) :-
    arena_gamefile:shown_pi(Game, PI0, PI),
    pi_text(PI, PIText),
    own_words(Game, PIText, Said, Why),
    (   ground(State)
    ->  format(atom(StateText), "~q", [State])
    ;   StateText = '(non-ground state)'
    ),
    (   Move == ''
    ->  MoveText = ''
    ;   format(atom(MoveText), "~q", [Move])
    ),
    arg(1, Acc, Ps),
    (   member([PIText, _, _, Why0, _], Ps),
        same_problem(Why0, Why)
    ->  maplist(count_again(PIText, Why0), Ps, Ps1),  % one example of each, counted
        nb_setarg(1, Acc, Ps1)
    ;   nb_setarg(1, Acc, [[PIText, StateText, MoveText, Why, 1]|Ps]),
        arg(2, Acc, N0),
        N is N0 + 1,
        nb_setarg(2, Acc, N),
        (   N >= Max
        ->  throw(arena_gamecheck_enough)
        ;   true
        )
    ).

%   own_words(+Game, +PIText, +Why0, -Why): a rule's error without the
%   game's name and the predicate the problem already names.
own_words(Game, PIText, Why0, Why) :-
    arena_gamefile:game_label(Game, Label),
    format(atom(Prefix), "~w: ", [Label]),
    (   atom_concat(Prefix, Rest, Why0)
    ->  (   atom_concat(PIText, Rest1, Rest),
            atom_concat(' ', Why, Rest1)
        ->  true
        ;   Why = Rest
        )
    ;   Why = Why0
    ).

%   same_problem(+Why0, +Why): the same message, or the same up to where
%   a long one goes on to quote the state.
same_problem(Why, Why) :-
    !.
same_problem(Why0, Why) :-
    sub_atom(Why0, 0, 60, _, Start),
    sub_atom(Why, 0, 60, _, Start).

count_again(PI, Why, [PI0, S, M, Why0, C0], [PI0, S, M, Why0, C]) :-
    (   PI0 == PI,
        Why0 == Why
    ->  C is C0 + 1
    ;   C = C0
    ).

pi_text(Name/Arity, Text) :-
    !,
    format(atom(Text), "~w/~w", [Name, Arity]).
pi_text(Name, Name).

