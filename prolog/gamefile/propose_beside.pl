:- module(arena_gamefile_propose_beside,
          [ beside_adapter/4          % +Code, +ConfigText, +FileBase, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(occurs), [sub_term/2]).
:- use_module(retries, [pick/1]).
:- use_module(propose_code).
:- use_module(propose_players, [players_fact/2]).
:- use_module(propose_winner, [player_named/3]).
:- use_module(propose_trial).
:- use_module(propose_record).
:- use_module('../prefix').

/** <module> An adapter proposed for a game that keeps the player beside its state

Many course games pass the player to move as an argument of its own
(`valid_moves(Board, Player, Moves)`, `move(Board, Player, Move,
NewBoard)`) and let their game loop keep whose turn it is. Their state
holds no player, so no place in it alternates. beside_adapter/4 tries
the usual argument orders of move/3,4 and valid_moves/2,3 with the
pairs of players the game's code names (a fact relating two players
each way, game_over/2's winners, usual names), plays a few moves from
the first state, and writes an adapter whose state s(State, Player)
keeps the player beside the game's own.
*/

beside_adapter(Code, ConfigText, FileBase, Text) :-
    (   defines(Code, move/4)
    ;   defines(Code, valid_moves/3)
    ),
    !,
    over_form(Code, Over),
    initial(Code, ConfigText, Config, From, S0),
    player_pair(Code, P0, P1),
    moves_form(Code, Moves),
    move_form(Code, Move),
    beside_walk(Code, Moves, Move, S0, P0, P1),
    !,
    make_proposal([state(S0), config(Config), from(From), first(P0), second(P1)], Proposal),
    with_output_to(string(Text), beside_text(Code, FileBase, Proposal, Moves, Move, Over)).

%   Forms: a goal over the game's own predicates with its arguments
%   named: m(S, P, Ms, Goal) lists, a(S, P, M, S1, Goal) plays,
%   o(S, P, W, Goal) ends.
moves_form(Code, m(S, P, Ms, valid_moves(S, P, Ms))) :- defines(Code, valid_moves/3).
moves_form(Code, m(S, P, Ms, valid_moves(P, S, Ms))) :- defines(Code, valid_moves/3).
moves_form(Code, m(S, _, Ms, valid_moves(S, Ms))) :- defines(Code, valid_moves/2).
moves_form(Code, m(S, P, Ms, arena_picked_moves(Chooser, M, Ms))) :-
    \+ defines(Code, valid_moves/2), \+ defines(Code, valid_moves/3),
    chooser(Code, S, P, M, Chooser).
moves_form(Code, m(S, P, Ms, findall(M, move(S, P, M, _), Ms))) :-
    \+ defines(Code, valid_moves/2), \+ defines(Code, valid_moves/3), defines(Code, move/4).

%   chooser(+Code, ?S, ?P, ?M, -Goal): the game's own computer player,
%   which picks at random, as a goal giving its move M in S (P to
%   move), at each level its code names (else 1 and 2), in the usual
%   argument orders (prolog/gamefile/picked.pl takes its picks in turn).
chooser(Code, S, P, M, Goal) :-
    member(Name/Arity, [choose_move/4, choose_move/3]),
    defines(Code, Name/Arity),
    functor(Head, Name, Arity),
    once(( code_clause(Code, Head, Body), sub_term(Pick, Body), callable(Pick),
           functor(Pick, F, A), pick(F/A) )),
    findall(L, ( level_term(Code, L), ground(L) ), Ls0),
    (   Ls0 == []
    ->  Ls = [1, 2]
    ;   list_to_set(Ls0, Ls)
    ),
    member(L, Ls),
    chooser_args(Arity, S, P, L, M, Args),
    Goal =.. [Name|Args].

chooser_args(4, S, P, L, M, [S, L, P, M]).
chooser_args(4, S, P, L, M, [S, P, L, M]).
chooser_args(3, S, _, L, M, [S, L, M]).
chooser_args(3, S, P, _, M, [S, P, M]).

move_form(Code, a(S, P, M, S1, move(S, P, M, S1))) :- defines(Code, move/4).
move_form(Code, a(S, P, M, S1, move(S, M, P, S1))) :- defines(Code, move/4).
move_form(Code, a(S, P, M, S1, move(P, S, M, S1))) :- defines(Code, move/4).
move_form(Code, a(S, P, M, S1, move(S, M, S1, P))) :- defines(Code, move/4).
move_form(Code, a(S, _, M, S1, move(S, M, S1))) :- defines(Code, move/3).
move_form(Code, a(S, _, M, S1, move(M, S, S1))) :- defines(Code, move/3).    % 2019/20

over_form(Code, o(S, _, W, game_over(S, W))) :-
    defines(Code, game_over/2),
    !.
over_form(Code, o(S, P, W, game_over(S, P, W))) :-
    defines(Code, game_over/3).

%   player_pair(+Code, -P0, -P1): two players, first to move first: the
%   pairs a fact of the game relates each way (next_player(1, 2),
%   next_player(2, 1)), then game_over/2's winners, then usual names.
player_pair(Code, P0, P1) :-
    findall(A-B, cycle_pair(Code, A, B), Cycles),
    findall(W, ( winner_term(Code, W), atomic(W), W \== draw ), Ws0),
    list_to_set(Ws0, Ws),
    (   Ws = [W0, W1]
    ->  Winners = [W0-W1, W1-W0]
    ;   Winners = []
    ),
    Usual = [1-2, 2-1, white-black, black-white, player1-player2, 'X'-'O', x-o,
             red-blue, blue-red, w-b, b-w],
    append([Cycles, Winners, Usual], Pairs0),
    list_to_set(Pairs0, Pairs),
    member(P0-P1, Pairs).

cycle_pair(Code, A, B) :-
    current_predicate(Code:Name/2),
    functor(Head, Name, 2),
    \+ predicate_property(Code:Head, imported_from(_)),
    predicate_property(Code:Head, number_of_clauses(N)),
    N >= 2, N =< 8,
    \+ ( code_clause(Code, Head, Body), Body \== true ),
    code_clause(Code, Head, true),
    Head =.. [_, A, B],
    atomic(A), atomic(B), A \== B,
    code_clause(Code, Back, true),
    Back =.. [_, B, A].

%   beside_walk(+Code, +Moves, +Move, +S0, +P0, +P1): P0 plays in S0,
%   then P1, then P0 again, each one of its first listed moves.
beside_walk(Code, Moves, Move, S0, P0, P1) :-
    beside_step(Code, Moves, Move, S0, P0, S1),
    beside_step(Code, Moves, Move, S1, P1, S2),
    beside_step(Code, Moves, Move, S2, P0, _).

beside_step(Code, Moves, Move, S, P, S1) :-
    copy_term(Moves, m(S, P, Ms, G)),
    quiet(Code:G),
    is_list(Ms),
    Ms = [_|_],
    ground(Ms),
    first_n(20, Ms, Ms20),
    member(M, Ms20),
    small_move(M, S),
    copy_term(Move, a(S, P, M, S1, A)),
    quiet(Code:A),
    ground(S1),
    S1 \== S,
    !.

%   small_move(+M, +S): a listed move is small beside the state; one
%   that holds a board of its own (`[Row, Col, NewBoard]`, the state it
%   leads to) is no move move/3 takes as listed, though it may unify.
small_move(M, S) :-
    term_size(S, SS),
    \+ ( SS >= 20,
         sub_term(T, M), compound(T),
         term_size(T, TS), TS * 2 >= SS ).

%   beside_text(+Code, +FileBase, +Proposal, +Moves, +Move, +Over): the
%   adapter whose state s(State, Player) keeps the player beside the
%   game's state; Proposal has no place (path, pattern, var).
beside_text(Code, FileBase, Proposal, Moves, Move, Over) :-
    proposal_state(Proposal, S0),
    proposal_first(Proposal, P0),
    proposal_second(Proposal, P1),
    adapter_header(FileBase),
    format("% The game passes the player to move beside its state, and its loop~n"),
    format("% keeps whose turn it is: the adapter's state s(State, Player) keeps both.~n~n"),
    (   atom(P0), atom(P1)
    ->  Names = [P0, P1],
        players_fact(Code, Names),
        format("% GUESS: the players, ~q moving first~n", [P0]),
        portray_clause(current_player(s(_, P), P))
    ;   Names = [player1, player2],
        players_fact(Code, Names),
        format("% GUESS: the game's players ~q (moving first) and ~q~n", [P0, P1]),
        portray_clause(arena_player(P0, player1)),
        portray_clause(arena_player(P1, player2)),
        portray_clause((current_player(s(_, P), N) :- arena_player(P, N)))
    ),
    portray_clause(arena_other(P0, P1)),
    portray_clause(arena_other(P1, P0)),
    nl,
    winners_text(Code, [P0, P1], Names),
    initial_text(Proposal),
    copy_term(Over, o(S, P, W, OverGoal)),
    format("~n% the game ends where game_over holds with a winner above, or where~n"),
    format("% the player to move has no move (GUESS: a draw; the game's loop decides)~n"),
    portray_clause((arena_game_over(s(S, P), W) :- OverGoal, nonvar(W), arena_winner(W, _), !)),
    copy_term(Moves, m(S2, P2, Ms2, MovesGoal)),
    portray_clause((arena_game_over(s(S2, P2), draw) :- once(MovesGoal), Ms2 == [])),
    nl,
    copy_term(Moves, m(S3, P3, Ms3, MovesGoal3)),
    (   MovesGoal3 = arena_picked_moves(Chooser, _, _)
    ->  functor(Chooser, CName, CArity),
        format("% GUESS: the game has no valid_moves: its moves are those its own~n"),
        format("% computer player ~w can pick, each of its random picks taken in turn~n",
               [CName/CArity])
    ;   true
    ),
    portray_clause((arena_valid_moves(s(S3, P3), Ms) :-
                        (   arena_game_over(s(S3, P3), _)
                        ->  Ms = []
                        ;   MovesGoal3,
                            Ms = Ms3
                        ))),
    nl,
    copy_term(Move, a(S4, P4, M4, S5, MoveGoal)),
    portray_clause((arena_move(s(S4, P4), M4, s(S5, Q)) :-
                        \+ arena_game_over(s(S4, P4), _),
                        MoveGoal,
                        !,
                        arena_other(P4, Q))),
    nl,
    display_text(Code),
    own_levels_text(Code, S0, P0, Moves).

%   winners_text(+Code, +Players, +Names): arena_winner/2 for the
%   players, draw, and the winner terms game_over/2's clauses name
%   that name one player.
winners_text(Code, [P0, P1], [N0, N1]) :-
    format("% GUESS: the game's winner terms~n"),
    portray_clause(arena_winner(P0, N0)),
    portray_clause(arena_winner(P1, N1)),
    portray_clause(arena_winner(draw, draw)),
    forall(( winner_term(Code, W), \+ memberchk(W, [P0, P1, draw]),
             player_named(W, [P0-N0, P1-N1], Who) ),
           portray_clause(arena_winner(W, Who))),
    nl.

initial_text(Proposal) :-
    proposal_state(Proposal, S0),
    proposal_config(Proposal, Config),
    proposal_from(Proposal, From),
    proposal_first(Proposal, P0),
    (   From == none
    ->  portray_clause((arena_initial_state(_, s(S, P0)) :- initial_state(S)))
    ;   From == initial                 % the 2019/20 and 2020/21 contract's name
    ->  portray_clause((arena_initial_state(_, s(S, P0)) :- initial(S)))
    ;   From = loop(_)
    ->  format("% GUESS: the first state the game's own loop built~n"),
        portray_clause(arena_initial_state(_, s(S0, P0)))
    ;   (   From = loop_config(_)
        ->  format("% GUESS: the config the game's own play/0 passed to initial_state/2~n")
        ;   format("% GUESS: the config initial_state/2 accepted~n")
        ),
        portray_clause((arena_initial_state(_, s(S, P0)) :- initial_state(Config, S)))
    ).

display_text(Code) :-
    (   defines(Code, display_game/1)
    ->  Show = display_game(S)
    ;   defines(Code, display_game/2)
    ->  Show = display_game(S, P)
    ;   Show = print(S)
    ),
    portray_clause((arena_display_game(s(S, P)) :- Show, format("~w to move~n", [P]))),
    nl.

%   own_levels_text(+Code, +S0, +P0, +Moves): the game's own AI levels
%   where choose_move(State, Player, Level, Move) gives a listed move in
%   the first state; else the arena's own AI for every level.
own_levels_text(Code, S0, P0, Moves) :-
    defines(Code, choose_move/4),
    findall(L, ( level_term(Code, L), ground(L) ), Ls0),
    list_to_set(Ls0, Ls),
    Ls \== [],
    copy_term(Moves, m(S0, P0, Ms, G)),
    quiet(Code:G),
    forall(member(L, Ls), ( quiet(Code:choose_move(S0, P0, L, M)), memberchk(M, Ms) )),
    !,
    format("% GUESS: the game's AI levels, as its code names them~n"),
    forall(nth1(I, Ls, L), portray_clause(arena_level(I, L))),
    portray_clause((arena_choose_move(s(S, P), L, M) :- choose_move(S, P, L, M))),
    value_text(Code, S0, P0).
own_levels_text(Code, S0, P0, _) :-
    forall(( member(PI, [choose_move/3, choose_move/4]), defines(Code, PI) ),
           ( format("% the game's ~w takes its own state: the arena's AI plays instead~n", [PI]),
             portray_clause(arena_without(PI)) )),
    value_text(Code, S0, P0).

%   value_text(+Code, +S0, +P0): value/3 given the game's own state,
%   where it answers a number there; else none.
value_text(Code, S0, P0) :-
    (   defines(Code, value/3)
    ->  nl,
        (   quiet(Code:value(S0, P0, V)),
            number(V)
        ->  format("% GUESS: value/3 takes the game's own state and player~n"),
            (   atom(P0)
            ->  portray_clause((arena_value(s(S, _), P, V1) :- value(S, P, V1)))
            ;   portray_clause((arena_value(s(S, _), N, V1) :-
                                    arena_player(P, N), value(S, P, V1)))
            )
        ;   format("% the game's value/3 gives no number for its first state: none~n"),
            portray_clause(arena_without(value/3))
        )
    ;   true
    ).
