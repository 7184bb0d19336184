:- module(arena_gamefile_propose,
          [ propose_adapter/4,        % +Code, +ConfigText, +FileBase, -Text
            no_proposal_reason/2      % +Code, -Reason
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(random)).

/** <module> An adapter proposed for a game file without players/current_player

propose_adapter/4 plays a few legal moves of the game in its code module
(first listed move each time) and looks for the place in the state
(an argument at most three levels deep) whose value alternates from one
state to the next, as the player to move does. It writes the text of an
adapter (`NAME-arena.pl`): players/1, current_player/2 over that place,
the config that initial_state/2 accepted, a winner mapping, and, where
the game's own code shows them, the rest of what other contract years
need:

  - the config: one the game's own code passes to initial_state/2
    (`initial_state(7, S)` in its play/0), else a usual board size, else
    the shape initial_state/2 takes (`[Type, Size, Level, Mode]`) filled
    with a size and ones;
  - winner terms that are not the players (`'GAME OVER! Black Won!'`),
    read from game_over/2's clauses and mapped by the player named in them;
  - AI levels named with atoms (`easy_ai`, `hard_ai`) or terms with the
    level in them (`computer-L`), read from choose_move's clauses:
    arena_level/2;
  - value/3 that takes the board, not the state, or answers only for
    the player to move: arena_value/3;
  - a pass move that move/3 takes but valid_moves never lists
    (`skipped`): arena_valid_moves/2 gives it when nothing else is valid;
  - display_game/2 that takes the state second: arena_display_game/1;
  - where display_game fails for want of facts the game's menu asserts,
    the assertions found in its code, as lines to fill in.

Every inferred line is marked GUESS for the user to confirm. Fails when
no initial state or no alternating place is found; no_proposal_reason/2
then says what the game has instead.
*/

%!  propose_adapter(+Code, +ConfigText, +FileBase, -Text) is semidet.

propose_adapter(Code, ConfigText, FileBase, Text) :-
    initial(Code, ConfigText, Config, From, S0),
    path_candidates(S0, Paths),
    member(Path, Paths),
    at_path(S0, Path, P0),
    walk(Code, Path, S0, P0, P1),
    !,
    pattern(S0, Path, Var, Pattern),
    Found = found(S0, Path, Config, From, Pattern, Var, P0, P1),
    adapter_text(Code, FileBase, Found, Text).

%!  no_proposal_reason(+Code, -Reason) is det.
%
%   Why no adapter could be proposed, naming the predicates of other
%   contract years the game has instead of the ones a proposal needs.

no_proposal_reason(Code, Reason) :-
    findall(Why, missing_part(Code, Why), Whys),
    (   Whys == []
    ->  Reason = 'no initial state with a place that alternates between two players was found (give the config with --config)'
    ;   atomic_list_concat(Whys, '; ', Reason0),
        format(atom(Reason), "~w: write the adapter by hand (see \"Every contract year\" in the README)",
               [Reason0])
    ).

missing_part(Code, Why) :-
    \+ defines(Code, move/3),
    defines(Code, move/4),
    Why = 'the game has move/4 (a move with a phase or player) but no move/3'.
missing_part(Code, Why) :-
    \+ defines(Code, game_over/2),
    defines(Code, game_over/3),
    Why = 'the game has game_over/3 (a part of the state kept by its game loop) but no game_over/2'.
missing_part(Code, Why) :-
    \+ defines(Code, valid_moves/2),
    \+ defines(Code, valid_moves/3),
    Why = 'the game has no valid_moves/2 or valid_moves/3'.

defines(Code, Name/Arity) :-
    functor(Head, Name, Arity),
    current_predicate(Name, Code:Head),
    \+ predicate_property(Code:Head, imported_from(_)).

%   initial(+Code, +ConfigText, -Config, -From, -State): the config
%   given, else those the game's own code passes to initial_state/2, the
%   usual board sizes and initial_state/2's own shape filled in; on
%   backtracking the next one initial_state accepts with a ground state.
%   From says where the config came from.
initial(Code, ConfigText, Config, From, S) :-
    (   defines(Code, initial_state/2)
    ->  (   ConfigText \== ''
        ->  term_string(Config, ConfigText),
            Candidates = [given-Config]
        ;   findall(C, code_config(Code, C), Cs0),
            list_to_set(Cs0, Cs),
            findall(code-C, member(C, Cs), Own),
            findall(usual-C, member(C, [8, 7, 6, 5, 9, 10, 4, 3, 1, [], default]), Usual),
            findall(shape-C, shape_config(Code, C), Shaped),
            append([Own, Usual, Shaped], Candidates)
        ),
        % configs whose first state the rules answer quickly first
        member(Pass, [fast, any]),
        member(From-Config, Candidates),
        quiet(Code:initial_state(Config, S)),
        ground(S),
        (   Pass == fast
        ->  fast(Code, S)
        ;   \+ fast(Code, S)
        )
    ;   defines(Code, initial_state/1),
        From = none,
        quiet(Code:initial_state(S))
    ),
    ground(S).

%   fast(+Code, +S): valid_moves and value/3 answer in S within a second
%   (a board too large for the game's own search is passed over).
fast(Code, S) :-
    catch(call_with_time_limit(1,
              with_output_to(string(_),
                  ( (   defines(Code, valid_moves/2)
                    ->  ignore(catch(Code:valid_moves(S, _), E1, not_late(E1)))
                    ;   ignore(catch(Code:valid_moves(S, _, _), E1, not_late(E1)))
                    ),
                    (   defines(Code, value/3)
                    ->  ignore(catch(Code:value(S, _, _), E2, not_late(E2)))
                    ;   true
                    ) ))),
          time_limit_exceeded, fail).

not_late(E) :-
    (   E == time_limit_exceeded
    ->  throw(E)
    ;   true
    ).

quiet(Goal) :-
    catch(call_with_time_limit(5, with_output_to(string(_), once(Goal))), _, fail).

%   code_config(+Code, -Config): a ground config the game's own code
%   passes to initial_state/2 (its play/0 or menu).
code_config(Code, Config) :-
    code_clause(Code, _, Body),
    sub_term(Call, Body),
    compound(Call),
    Call = initial_state(Config, _),
    ground(Config).

%   shape_config(+Code, -Config): the term initial_state/2's first clause
%   takes apart ([Type, Size, Level, Mode], Size-Mode), its variables
%   filled with a board size in one place and 1 elsewhere.
shape_config(Code, Config) :-
    once(( code_clause(Code, initial_state(C0, _), Body),
           shape(C0, Body, Shape)
         )),
    term_variables(Shape, Vars),
    Vars \== [],
    length(Vars, N),
    member(Size, [8, 6, 5, 7, 9, 10, 4, 3]),
    between(1, N, I),
    copy_term(Vars-Shape, Vs-Config),
    nth1(I, Vs, Size),
    maplist(one_if_free, Vs).

shape(C0, _, C0) :-
    nonvar(C0),
    !.
shape(C0, Body, Shape) :-
    sub_term(G, Body),
    compound(G),
    G = (A = B),
    (   A == C0, nonvar(B)
    ->  Shape = B
    ;   B == C0, nonvar(A)
    ->  Shape = A
    ),
    !.

one_if_free(V) :-
    (   var(V) -> V = 1 ; true ).

%   code_clause(?Code, ?Head, -Body): a clause of the game's own code.
code_clause(Code, Head, Body) :-
    (   nonvar(Head)
    ->  true
    ;   current_predicate(Code:Name/Arity),
        functor(Head, Name, Arity)
    ),
    \+ predicate_property(Code:Head, imported_from(_)),
    predicate_property(Code:Head, number_of_clauses(_)),
    catch(clause(Code:Head, Body), _, fail).

%   path_candidates(+State, -Paths): paths to atomic subterms, shallow
%   first.
path_candidates(S, Paths) :-
    findall(L-P, ( between(1, 3, L), length(P, L), atomic_path(S, P) ), LPs),
    pairs_values(LPs, Paths).

atomic_path(T, [I]) :-
    compound(T),
    \+ is_board(T),
    functor(T, _, A),
    between(1, A, I),
    arg(I, T, X),
    atomic(X),
    X \== [].
atomic_path(T, [I|Is]) :-
    Is = [_|_],
    compound(T),
    \+ is_board(T),
    functor(T, _, A),
    between(1, A, I),
    arg(I, T, X),
    atomic_path(X, Is).

% a list of lists (a board) is not searched for the player
is_board(L) :-
    is_list(L),
    L = [_|_],
    forall(member(X, L), is_list(X)).

at_path(T, [], T).
at_path(T, [I|Is], X) :-
    compound(T),
    arg(I, T, Y),
    at_path(Y, Is, X).

%   replace_at(+T, +Path, +New, -T1): T with New at Path, sharing the
%   rest.
replace_at(_, [], New, New).
replace_at(T, [I|Is], New, T1) :-
    T =.. [F|As],
    nth1(I, As, A, Rest),
    replace_at(A, Is, New, A1),
    nth1(I, As1, A1, Rest),
    T1 =.. [F|As1].

%   walk(+Code, +Path, +S0, +P0, -P1): three moves from S0, the value at
%   Path alternating P0, P1, P0, P1.
walk(Code, Path, S0, P0, P1) :-
    step(Code, Path, S0, P0, S1),
    at_path(S1, Path, P1),
    P1 \== P0,
    step(Code, Path, S1, P1, S2),
    at_path(S2, Path, P0b),
    P0b == P0,
    (   step(Code, Path, S2, P0, S3)
    ->  at_path(S3, Path, P1b),
        P1b == P1
    ;   true
    ).

%   step(+Code, +Path, +S, +P, -S1): the state after the first of S's
%   first 20 listed moves that changes the value at Path (a move that
%   keeps the turn, such as a pie rule's, is passed over), else after
%   the first move.
step(Code, Path, S, P, S1) :-
    moves(Code, S, P, Ms),
    (   first_n(20, Ms, Ms20),
        member(M, Ms20),
        quiet(Code:move(S, M, S1)),
        ground(S1),
        at_path(S1, Path, P1),
        P1 \== P
    ->  true
    ;   member(M, Ms),
        quiet(Code:move(S, M, S1)),
        ground(S1)
    ),
    !.

first_n(N, List, First) :-
    length(List, Len),
    (   Len =< N
    ->  First = List
    ;   length(First, N),
        append(First, _, List)
    ).

moves(Code, S, P, Ms) :-
    (   defines(Code, valid_moves/2)
    ->  quiet(Code:valid_moves(S, Ms))
    ;   quiet(Code:valid_moves(S, P, Ms))
    ),
    Ms = [_|_].

%   pattern(+State, +Path, -Var, -Pattern): State's shape with Var at
%   Path and fresh variables elsewhere.
pattern(_, [], Var, Var).
pattern(T, [I|Is], Var, P) :-
    functor(T, N, A),
    functor(P, N, A),
    arg(I, T, X),
    arg(I, P, Y),
    pattern(X, Is, Var, Y).

adapter_text(Code, FileBase, Found, Text) :-
    Found = found(_, _, _, _, _, _, P0, P1),
    (   atom(P0), atom(P1), P0 \== draw, P1 \== draw
    ->  Names = [P0, P1], Atoms = true
    ;   Names = [player1, player2], Atoms = false
    ),
    with_output_to(string(Text),
      ( format("% The arena's adapter for ~w, proposed by `arena check-game`.~n", [FileBase]),
        format("% It plays the file unchanged and adds what the arena needs. Lines marked~n"),
        format("% GUESS were inferred from a few legal moves: confirm them against the~n"),
        format("% game's code, then run `arena check-game` on this file.~n~n"),
        format(":- consult(~q).~n~n", [FileBase]),
        format("players(~q).~n~n", [Names]),
        players_text(Atoms, Names, Found),
        winner_text(Code, Atoms, Names, Found),
        player_wrappers(Code, Atoms, Found),
        value_text(Code, Atoms, Found),
        level_text(Code),
        config_text(Code, Found),
        setup_text(Code, Atoms, Found)
      )).

players_text(true, _, found(_, _, _, _, Pattern, Var, P0, P1)) :-
    format("% GUESS: the place in the state that alternated ~q, ~q, ~q~n", [P0, P1, P0]),
    portray_clause(current_player(Pattern, Var)).
players_text(false, [N0, N1], found(_, _, _, _, Pattern, Var, P0, P1)) :-
    format("% GUESS: the game's players ~q and ~q, by the place in the state that~n", [P0, P1]),
    format("% alternated; rename ~q and ~q at will~n", [N0, N1]),
    portray_clause(arena_player(P0, N0)),
    portray_clause(arena_player(P1, N1)),
    nl,
    portray_clause((current_player(Pattern, Name) :- arena_player(Var, Name))).

%   winner_text(+Code, +Atoms, +Names, +Found): the winner mapping; the
%   winner terms game_over/2's clauses name that are not the players
%   are mapped by the player (or draw) their text names.
winner_text(Code, Atoms, Names, found(_, _, _, _, _, _, P0, P1)) :-
    findall(W, winner_term(Code, W), Ws0),
    list_to_set(Ws0, Ws1),
    exclude(is_player_or_draw([P0, P1, draw]), Ws1, Ws),
    (   Ws == []
    ->  (   Atoms == true
        ->  format("~n% GUESS: the game's winner terms are the players (and draw)~n"),
            portray_clause(arena_winner(W, W))
        ;   format("~n% GUESS: the game's winner terms are its players (and draw)~n"),
            portray_clause((arena_winner(W, Name) :- arena_player(W, Name))),
            portray_clause(arena_winner(draw, draw))
        )
    ;   format("~n% GUESS: game_over/2's winner terms, by the player their text names~n"),
        Names = [N0, N1],
        forall(member(W, Ws),
               (   named_winner(W, [P0-N0, P1-N1], Names, Who)
               ->  portray_clause(arena_winner(W, Who))
               ;   format("% (no player named in ~q: write its line)~n", [W])
               )),
        portray_clause(arena_winner(P0, N0)),
        portray_clause(arena_winner(P1, N1)),
        portray_clause(arena_winner(draw, draw))
    ).

is_player_or_draw(Known, W) :-
    memberchk(W, Known).

%   winner_term(+Code, -W): a ground winner game_over/2's clauses give,
%   in the head or bound in the body (Winner = white).
winner_term(Code, W) :-
    code_clause(Code, game_over(_, W0), Body),
    (   ground(W0)
    ->  W = W0
    ;   var(W0),
        sub_term(G, Body),
        compound(G),
        G = (A = B),
        (   A == W0 -> W = B ; B == W0 -> W = A ),
        ground(W)
    ).

named_winner(W, _, _, draw) :-
    text_has(W, [draw, tie, empate, nobody]),
    !.
named_winner(W, Pairs, _, Who) :-
    findall(N, ( member(P-N, Pairs), atomic(P), \+ number(P),
                 text_has(W, [P]) ), [Who]).

text_has(W, Words) :-
    (   atomic(W) -> true ; W = _-_ ; true ),
    term_to_atom(W, A0),
    downcase_atom(A0, A),
    member(Word0, Words),
    atom(Word0),
    downcase_atom(Word0, Word),
    sub_atom(A, _, _, _, Word),
    !.

%   player_wrappers(+Code, +Atoms, +Found): the game's predicates that
%   take a player, given the game's own player term; a pass move.
player_wrappers(Code, Atoms, found(S0, Path, _, _, Pattern0, Var0, _, _)) :-
    nl,
    (   defines(Code, valid_moves/2)
    ->  Own = valid_moves(SV, Ms1)
    ;   copy_term(Pattern0-Var0, SV-P),
        Own = valid_moves(SV, P, Ms1)
    ),
    at_path(S0, Path, PS0),
    moves_shape(Code, S0, PS0, Own, Ms1, Base, Ms0, Changed),
    (   pass_move(Code, S0, Path, Pass)
    ->  Guard = true,
        format("% GUESS: move/3 takes ~q, which valid_moves never lists: a player~n", [Pass]),
        format("% with no other move plays it (as the game's loop does)~n"),
        portray_clause((arena_valid_moves(SV, Ms) :-
                           (   game_over(SV, _)
                           ->  Ms = []
                           ;   Base,
                               (   Ms0 == []
                               ->  Ms = [Pass]
                               ;   Ms = Ms0 ))))
    ;   end_seen(Code, Path, S0, over_with_moves)
    ->  Guard = true,  format("% GUESS: valid_moves lists moves once game_over/2 holds; the game's~n"),
        format("% loop asks game_over/2 first~n"),
        portray_clause((arena_valid_moves(SV, Ms0) :-
                           (   game_over(SV, _)
                           ->  Ms0 = []
                           ;   Base )))
    ;   (   Atoms == false,
            \+ defines(Code, valid_moves/2)
        ;   Changed == true
        )
    ->  portray_clause((arena_valid_moves(SV, Ms0) :- Base))
    ;   true
    ),
    move_shape(Code, S0, PS0, Guard),
    (   (   several_clauses(Code, game_over(_, _))
        ;   end_seen(Code, Path, S0, over_nondet)
        )
    ->  format("~n% game_over/2 leaves a choice point: its first answer, as the game's~n"),
        format("% loop takes it~n"),
        portray_clause((arena_game_over(S, W) :- game_over(S, W), !))
    ;   true
    ),
    (   Atoms == false,
        defines(Code, choose_move/4),
        \+ defines(Code, choose_move/3)
    ->  copy_term(Pattern0-Var0, S1-P1),
        portray_clause((arena_choose_move(S1, L, M) :- choose_move(S1, P1, L, M)))
    ;   true
    ),
    display_wrapper(Code, Atoms, S0, Pattern0, Var0).

%   moves_shape(+Code, +S0, +P0, +Own, ?OwnMs, -Base, -Ms, -Changed):
%   the game's valid_moves call Own as the contract wants it: its first
%   answer where it leaves a choice point, each move once where it
%   lists one twice (in the first state). Changed is true when Base is
%   not Own.
moves_shape(Code, S0, P0, Own, OwnMs, Base, Ms, Changed) :-
    (   defines(Code, valid_moves/2)
    ->  Goal = Code:valid_moves(S0, Ms0)
    ;   Goal = Code:valid_moves(S0, P0, Ms0)
    ),
    (   quiet_det(Goal, Det)
    ->  true
    ;   Det = det, Ms0 = []
    ),
    (   Det == nondet
    ->  format("% valid_moves leaves a choice point: its first answer, as the game's~n"),
        format("% loop takes it~n"),
        Once = once(Own)
    ;   Once = Own
    ),
    (   msort(Ms0, Sorted), length(Sorted, N), sort(Ms0, Set), length(Set, N1), N1 < N
    ->  format("% valid_moves lists some moves twice: each once~n"),
        Base = (Once, list_to_set(OwnMs, Ms))
    ;   Base = Once,
        Ms = OwnMs
    ),
    (   Base == Own -> Changed = false ; Changed = true ).

%   move_shape(+Code, +S0, +P0, +Guard): move/3's first answer, where it
%   leaves a choice point for the first state's first move; no move once
%   game_over/2 holds where Guard is true (valid_moves is guarded too).
move_shape(Code, S0, P0, Guard) :-
    (   (   moves(Code, S0, P0, [M|_]),
            quiet_det(Code:move(S0, M, _), nondet)
        ;   Guard == true,
            several_clauses(Code, move(_, _, _))
        )
    ->  format("~n% move/3 may leave a choice point: its first answer, as the game's loop~n"),
        format("% takes it~n"),
        (   Guard == true
        ->  format("% (and no move once the game is over)~n"),
            portray_clause((arena_move(S, Mv, S1) :- \+ game_over(S, _), move(S, Mv, S1), !))
        ;   portray_clause((arena_move(S, Mv, S1) :- move(S, Mv, S1), !))
        )
    ;   Guard == true
    ->  format("~n% no move once the game is over, as the game's loop asks game_over/2 first~n"),
        portray_clause((arena_move(S, Mv, S1) :- \+ game_over(S, _), move(S, Mv, S1)))
    ;   true
    ).

%   several_clauses(+Code, +Head): Head's predicate has more than one
%   clause: more than one may answer, or a clause that cuts may leave a
%   choice point of a rule it calls.
several_clauses(Code, Head) :-
    findall(B, code_clause(Code, Head, B), [_, _|_]).

quiet_det(Goal, Det) :-
    catch(call_with_time_limit(5, with_output_to(string(_),
              ( call_cleanup(Goal, Done = true),
                ( Done == true -> Det = det ; Det = nondet ),
                ! ))),
          _, fail).

%   end_seen(+Code, +Path, +S0, ?What): a few random games from S0 (at
%   most 400 moves in all, 10 s) reach an end where What holds:
%   over_with_moves (game_over/2 holds and valid_moves still lists
%   moves) or over_nondet (game_over/2 leaves a choice point).
end_seen(Code, Path, S0, What) :-
    get_time(T0),
    Deadline is T0 + 10,
    nb_setval(arena_propose_moves, 0),
    between(1, 4, _),
    playout_end(Code, Path, S0, Deadline, What),
    !.

playout_end(Code, Path, S, Deadline, What) :-
    get_time(Now),
    Now < Deadline,
    nb_getval(arena_propose_moves, N0),
    N0 < 400,
    N is N0 + 1,
    nb_setval(arena_propose_moves, N),
    at_path(S, Path, P),
    (   quiet(Code:game_over(S, _))
    ->  end_is(What, Code, S, P)
    ;   moves(Code, S, P, Ms),
        random_member(M, Ms),
        quiet(Code:move(S, M, S1)),
        ground(S1),
        playout_end(Code, Path, S1, Deadline, What)
    ).

end_is(over_with_moves, Code, S, P) :-
    moves(Code, S, P, _).
end_is(over_nondet, Code, S, _) :-
    quiet_det(Code:game_over(S, _), nondet).

%   pass_move(+Code, +S0, +Path, -Pass): an atom move/3's clauses take
%   (`skipped`, `pass`) that is not among the first state's moves.
pass_move(Code, S0, Path, Pass) :-
    code_clause(Code, move(_, Pass, _), _),
    atom(Pass),
    at_path(S0, Path, P),
    moves(Code, S0, P, Ms),
    \+ memberchk(Pass, Ms),
    !.

%   display_wrapper: display_game/2 given the state first and the player,
%   or, where that fails, the state second.
display_wrapper(Code, Atoms, S0, Pattern0, Var0) :-
    (   defines(Code, display_game/2),
        \+ defines(Code, display_game/1)
    ->  copy_term(Pattern0-Var0, S3-P3),
        at_path_var(S0, Pattern0, Var0, P0),
        (   quiet(Code:display_game(S0, P0))
        ->  (   Atoms == false
            ->  portray_clause((arena_display_game(S3) :- display_game(S3, P3)))
            ;   true
            )
        ;   quiet(Code:display_game(_, S0))
        ->  format("~n% GUESS: display_game/2 takes the state second~n"),
            portray_clause((arena_display_game(S) :- display_game(_, S)))
        ;   true
        )
    ;   true
    ).

at_path_var(S0, Pattern0, Var0, P0) :-
    copy_term(Pattern0-Var0, S0-P0).

%   value_text(+Code, +Atoms, +Found): value/3 as the contract has it:
%   for either player, given the whole state.
value_text(Code, Atoms, found(S0, Path, _, _, Pattern, Var, P0, P1)) :-
    (   defines(Code, value/3)
    ->  value_players(Code, Atoms, P0, P1, Map),
        (   Map == none
        ->  Pairs = [P0-P0, P1-P1],
            player_goal(Atoms, Q, N, PlayerGoal),
            (   Atoms == true -> InState = N ; InState = Q )
        ;   Pairs = Map,
            format("~n% GUESS: value/3 names the players otherwise~n"),
            forall(member(P-VP, Map), portray_clause(arena_value_player(P, VP))),
            PlayerGoal = arena_value_player(N, Q),
            InState = N
        ),
        (   forall(member(_-VP, Pairs), value_number(Code, S0, VP))
        ->  Shape = whole
        ;   sub_state(S0, SubPath),
            at_path(S0, SubPath, Sub),
            forall(member(_-VP, Pairs), value_number(Code, Sub, VP))
        ->  Shape = part(SubPath)
        ;   forall(member(P-VP, Pairs),
                   ( replace_at(S0, Path, P, SP0), value_number(Code, SP0, VP) ))
        ->  Shape = to_move
        ;   Shape = whole
        ),
        (   value_inverted(Code, Path, S0, Shape, Pairs)
        ->  format("~n% GUESS: value/3 is lower where the player is better off (a won state~n"),
            format("% has the winner's lower): the arena's is higher~n"),
            Inverted = true,
            Call = (value(X, Q, V0), V is -V0)
        ;   Inverted = false,
            Call = value(X, Q, V),
            (   Shape == whole, Atoms == true, Map == none
            ->  true
            ;   format("~n% GUESS: value/3 is higher where the player is better off~n")
            )
        ),
        (   Shape = part(SubPath1)
        ->  format("% GUESS: value/3 takes this part of the state (the board?)~n"),
            pattern(S0, SubPath1, X, Head),
            value_clause(arena_value(Head, N, V), PlayerGoal, Call)
        ;   Shape == to_move
        ->  format("% GUESS: value/3 answers for the player to move only: asked for~n"),
            format("% the other, the state is given with that player to move~n"),
            copy_term(Pattern-Var, Head-_),
            replace_at(Head, Path, InState, X),
            value_clause(arena_value(Head, N, V), PlayerGoal, Call)
        ;   ( Atoms == false ; Map \== none ; Inverted == true )
        ->  value_clause(arena_value(X, N, V), PlayerGoal, Call)
        ;   true
        )
    ;   true
    ).

%   value_inverted(+Code, +Path, +S0, +Shape, +Pairs): in the end of a
%   few random games from S0 won by a player, value/3 (asked as Shape
%   says) is lower for the winner than for the loser.
value_inverted(Code, Path, S0, Shape, Pairs) :-
    get_time(T0),
    Deadline is T0 + 10,
    nb_setval(arena_propose_moves, 0),
    between(1, 4, _),
    playout_won(Code, Path, S0, Deadline, End, Winner),
    member(Winner-WV, Pairs),
    member(Loser-LV, Pairs),
    Loser \== Winner,
    shaped_value(Code, Path, End, Shape, Winner, WV, VW),
    shaped_value(Code, Path, End, Shape, Loser, LV, VL),
    !,
    VW < VL.

playout_won(Code, Path, S, Deadline, End, Winner) :-
    get_time(Now),
    Now < Deadline,
    nb_getval(arena_propose_moves, N0),
    N0 < 2000,
    N is N0 + 1,
    nb_setval(arena_propose_moves, N),
    (   quiet(Code:game_over(S, W))
    ->  End = S, Winner = W
    ;   at_path(S, Path, P),
        moves(Code, S, P, Ms),
        random_member(M, Ms),
        quiet(Code:move(S, M, S1)),
        ground(S1),
        playout_won(Code, Path, S1, Deadline, End, Winner)
    ).

shaped_value(Code, _, S, whole, _, VP, V) :-
    quiet(Code:value(S, VP, V)), number(V).
shaped_value(Code, _, S, part(SubPath), _, VP, V) :-
    at_path(S, SubPath, Sub),
    quiet(Code:value(Sub, VP, V)), number(V).
shaped_value(Code, Path, S, to_move, P, VP, V) :-
    replace_at(S, Path, P, S1),
    quiet(Code:value(S1, VP, V)), number(V).

%   value_players(+Code, +Atoms, +P0, +P1, -Map): where value/3's
%   clauses name the players with other atoms (b and w for 'Black' and
%   'White', each the start of one player's name), [P0-B, P1-W]; else
%   none.
value_players(Code, true, P0, P1, [P0-A0, P1-A1]) :-
    findall(A, ( code_clause(Code, value(_, A, _), _), atom(A),
                 A \== P0, A \== P1 ), As0),
    sort(As0, As),
    As \== [],
    prefix_of(As, P0, A0),
    prefix_of(As, P1, A1),
    A0 \== A1,
    !.
value_players(_, _, _, _, none).

prefix_of(As, P, A) :-
    downcase_atom(P, LP),
    findall(A1, ( member(A1, As), downcase_atom(A1, LA), sub_atom(LP, 0, _, _, LA) ), [A]).

value_clause(Head, PlayerGoal, Call) :-
    (   PlayerGoal == true
    ->  portray_clause((Head :- Call))
    ;   portray_clause((Head :- PlayerGoal, Call))
    ).

player_goal(true, P, P, true).
player_goal(false, P, N, arena_player(P, N)).

value_number(Code, S, P) :-
    quiet(Code:value(S, P, V)),
    number(V).

%   sub_state(+S, -Path): a part of the state, one or two levels down,
%   that is a list or a compound (the board).
sub_state(S, [I]) :-
    compound(S),
    functor(S, _, A),
    between(1, A, I),
    arg(I, S, X),
    compound(X).
sub_state(S, [I, J]) :-
    compound(S),
    \+ is_list(S),
    functor(S, _, A),
    between(1, A, I),
    arg(I, S, X),
    compound(X),
    \+ is_list(X),
    functor(X, _, B),
    between(1, B, J),
    arg(J, X, Y),
    compound(Y).

%   level_text(+Code): the game's AI levels named with atoms (easy_ai,
%   hard) or terms holding the level (pc-L), from choose_move's clauses,
%   where no clause takes an integer level.
level_text(Code) :-
    findall(L, level_term(Code, L), Ls0),
    (   Ls0 \== [],
        \+ ( member(L, Ls0), ( integer(L) ; var(L) ) )
    ->  exclude(human_level, Ls0, Ls1),
        list_to_set_v(Ls1, Ls),
        (   member(T, Ls), \+ ground(T),
            term_variables(T, [V])
        ->  format("~n% GUESS: the game's AI levels hold the arena's level~n"),
            portray_clause((arena_level(V, T)))
        ;   include(ground, Ls, Named),
            Named = [_|_]
        ->  format("~n% GUESS: the game's AI levels, weakest first, as the arena's 1, 2, ...~n"),
            forall(nth1(I, Named, T), portray_clause(arena_level(I, T)))
        ;   true
        )
    ;   true
    ).

level_term(Code, L) :-
    (   defines(Code, choose_move/3)
    ->  code_clause(Code, choose_move(_, L, _), _)
    ;   defines(Code, choose_move/4)
    ->  code_clause(Code, choose_move(_, _, L, _), _)
    ).

list_to_set_v(L0, L) :-
    foldl([X, A0, A]>>( ( member(Y, A0), Y =@= X ) -> A = A0 ; append(A0, [X], A) ),
          L0, [], L).

human_level(L) :-
    ground(L),
    text_has(L, [human, player, person, humano, jogador]).

config_text(Code, found(_, _, Config, From, _, _, _, _)) :-
    (   From == none
    ->  format("~n% initial_state/1 of the 2021/22 contract~n"),
        portray_clause((arena_initial_state(_, S) :- initial_state(S)))
    ;   defines(Code, initial_state/2)
    ->  config_comment(From),
        portray_clause(arena_config(_, Config))
    ;   true
    ).

config_comment(given) :-
    format("~n% the config given to check-game~n").
config_comment(code) :-
    format("~n% GUESS: the config the game's own code passes to initial_state/2~n").
config_comment(usual) :-
    format("~n% GUESS: the config initial_state/2 accepted (a board size?)~n").
config_comment(shape) :-
    format("~n% GUESS: initial_state/2's config filled in with a size and ones: set~n"),
    format("% what the game's menu would (type, size, difficulty, ...)~n").

%   setup_text(+Code, +Atoms, +Found): where display_game fails in the
%   first state, the facts the game's code asserts but never has (a
%   menu's settings): the ones it asserts as they are, or one per player
%   with the player and its name in the places tried, the first that
%   lets display_game succeed; else the assertions as lines to fill in.
setup_text(Code, _, found(S0, Path, _, _, _, _, P0, P1)) :-
    (   display_fails(Code, S0, P0),
        findall(F, asserted_fact(Code, F), Fs0),
        Fs0 \== []
    ->  list_to_set_v(Fs0, Fs1),
        map_list_to_pairs([F, N]>>( term_variables(F, Vs), length(Vs, N) ), Fs1, NFs),
        keysort(NFs, NFs1),
        pairs_values(NFs1, Fs),
        player_names(P0, P1, Pairs),
        replace_at(S0, Path, P1, S1),
        (   setup_facts(Code, [S0-P0, S1-P1], Fs, Pairs, Facts)
        ->  format("~n% GUESS: display_game needs facts the game's menu asserts; these~n"),
            format("% let it display the first state: set the values the menu would~n"),
            forall(member(F, Facts), portray_clause(arena_setup(assertz(F))))
        ;   format("~n% GUESS: display_game fails in the first state: it needs facts the~n"),
            format("% game's menu asserts; fill in their values and uncomment:~n"),
            forall(member(F, Fs),
                   ( with_output_to(string(T), portray_clause(arena_setup(assertz(F)))),
                     format("% ~s", [T]) ))
        )
    ;   true
    ).

player_names(P0, P1, [P0-N0, P1-N1]) :-
    (   atom(P0), atom(P1)
    ->  N0 = P0, N1 = P1
    ;   N0 = player1, N1 = player2
    ).

%   setup_facts(+Code, +S0, +P0, +Skeletons, +Pairs, -Facts): facts for
%   one asserted predicate that make display_game succeed in S0.
setup_facts(Code, States, Skeletons, Pairs, Facts) :-
    member(F, Skeletons),
    functor(F, N, A),
    fact_set(F, Skeletons, Pairs, Facts),
    functor(H, N, A),
    setup_call_cleanup(
        forall(member(X, Facts), assertz(Code:X)),
        forall(member(S-P, States), \+ display_fails(Code, S, P)),
        retractall(Code:H)),
    !.

%   fact_set(+F, +Skeletons, +Pairs, -Facts): the ground facts asserted
%   for F's predicate, or F once per player, each of its variables the
%   player's term or its name (one place the player first).
fact_set(F, Skeletons, _, Facts) :-
    ground(F),
    functor(F, N, A),
    findall(G, ( member(G, Skeletons), ground(G), functor(G, N, A) ), Facts).
fact_set(F, Skeletons, Pairs, Facts) :-
    \+ ground(F),
    functor(F, N, A),
    findall(G, ( member(G, Skeletons), functor(G, N, A) ), Gs),
    Gs = [_, _|_],
    % one assertion per player, each naming its player: the rest its name
    findall(G1, ( member(P-Name, Pairs),
                  member(G, Gs),
                  sub_term(T, G), T == P,
                  copy_term(G, G1),
                  term_variables(G1, Vs),
                  maplist(=(Name), Vs) ), Facts),
    length(Pairs, NP),
    length(Facts, NP),
    !.
fact_set(F, _, Pairs, Facts) :-
    \+ ground(F),
    term_variables(F, Vs),
    length(Vs, K),
    K =< 4,
    length(Roles, K),
    between(1, K, NP),
    roles(Roles, NP),
    findall(G, ( member(P-Name, Pairs),
                 copy_term(Vs-F, Ws-G),
                 maplist(role_value(P, Name), Roles, Ws) ), Facts).

roles([], 0).
roles([R|Rs], N) :-
    (   R = player, N > 0, N1 is N - 1
    ;   R = name, N1 = N
    ),
    roles(Rs, N1).

role_value(P, _, player, P).
role_value(_, Name, name, Name).

display_fails(Code, S0, P0) :-
    (   defines(Code, display_game/1)
    ->  \+ quiet(Code:display_game(S0))
    ;   defines(Code, display_game/2)
    ->  \+ quiet(Code:display_game(S0, P0)),
        \+ quiet(Code:display_game(_, S0))
    ).

%   asserted_fact(+Code, -Fact): a fact the code asserts whose predicate
%   has no clause when the game is loaded (a menu's setting).
asserted_fact(Code, Fact) :-
    code_clause(Code, _, Body),
    sub_term(G, Body),
    compound(G),
    G =.. [A, Fact0],
    memberchk(A, [assert, asserta, assertz]),
    (   Fact0 = _:Fact -> true ; Fact = Fact0 ),
    callable(Fact),
    functor(Fact, N, Ar),
    functor(H, N, Ar),
    \+ catch(clause(Code:H, _), _, fail).
