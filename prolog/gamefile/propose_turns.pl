:- module(arena_gamefile_propose_turns,
          [ two_part_adapter/4        % +Code, +ConfigText, +FileBase, -Text
          ]).
:- use_module(library(lists)).
:- use_module(propose_code).
:- use_module(propose_players, [players_fact/2]).
:- use_module(propose_trial).
:- use_module(propose_record).
:- use_module('../prefix').

/** <module> An adapter proposed for a game whose turn has two parts

A course game may play a turn in two parts that its game loop chains: a
move of move/3 (place a stone), then one of move/4 given the first
(move the stack it landed on), listed by valid_moves/3 given the first;
and its game_over/3 may take a count its loop keeps (turns left). Such a
game has no contract form of its own, so two_part_adapter/4 writes an
adapter whose state turn(State, Part, Count) keeps the part to play and
the count: a few whole turns played from the first state find the place
in the state that alternates between the players, and the loop's code
gives the count's start and step (marked GUESS).
*/

%!  two_part_adapter(+Code, +ConfigText, +FileBase, -Text) is semidet.

two_part_adapter(Code, ConfigText, FileBase, Text) :-
    defines(Code, move/3),
    defines(Code, move/4),
    defines(Code, valid_moves/3),
    \+ defines(Code, players/1),
    initial(Code, ConfigText, Config, From, S0),
    whole_turn(Code, S0, S2),
    path_candidates(S0, Paths),
    member(Path, Paths),
    at_path(S0, Path, P0),
    at_path(S2, Path, P1),
    atom(P0), atom(P1), P0 \== P1,
    whole_turn(Code, S2, S4),
    at_path(S4, Path, P0b),
    P0b == P0,
    !,
    pattern(S0, Path, Var, Pattern),
    make_proposal([state(S0), path(Path), config(Config), from(From), pattern(Pattern),
                   var(Var), first(P0), second(P1)], Proposal),
    over(Code, Over),
    with_output_to(string(Text), turns_text(Code, FileBase, Proposal, Over)).

%   whole_turn(+Code, +S0, -S2): the first part (one of the first 20
%   moves valid_moves/2 lists) and the second (the first valid_moves/3
%   lists given it) played from S0.
whole_turn(Code, S0, S2) :-
    first_moves(Code, S0, Ms),
    member(M1, Ms),
    quiet(Code:move(S0, M1, S1)),
    ground(S1),
    quiet(Code:valid_moves(S1, M1, [M2|_])),
    quiet(Code:move(S1, M2, M1, S2)),
    ground(S2),
    !.

first_moves(Code, S0, Ms) :-
    (   defines(Code, valid_moves/2)
    ->  quiet(Code:valid_moves(S0, Ms0)),
        closed(Ms0)
    ;   quiet(findall(M, Code:move(S0, M, _), Ms0))
    ),
    first_n(20, Ms0, Ms).

%   over(+Code, -Over): how the game ends: game_over/2, or game_over/3
%   with the count the loop keeps, count(Start, Count, Step) from the
%   loop's code (Start a goal that gives Count, or true with Count a
%   number), or count(unknown) where the code does not show it.
over(Code, Over) :-
    (   defines(Code, game_over/2)
    ->  Over = two
    ;   loop_count(Code, Start, Count, Step)
    ->  Over = count(Start, Count, Step)
    ;   Over = count(unknown)
    ).

turns_text(Code, FileBase, Proposal, Over) :-
    proposal_state(Proposal, S0),
    proposal_pattern(Proposal, Pattern),
    proposal_var(Proposal, Var),
    proposal_first(Proposal, P0),
    proposal_second(Proposal, P1),
    format("% The arena's adapter for ~w, proposed by `arena check-game`.~n", [FileBase]),
    format("% It plays the file unchanged and adds what the arena needs. Lines marked~n"),
    format("% GUESS were inferred from a few legal moves and the game's code: confirm~n"),
    format("% them, then run `arena check-game` on this file.~n~n"),
    format(":- consult(~q).~n~n", [FileBase]),
    format("% A turn has two parts, as the game's loop plays it: a move of move/3,~n"),
    format("% then one of move/4 given the first (valid_moves/3 lists them). The~n"),
    format("% adapter's state turn(State, Part, Count) keeps the part to play~n"),
    format("% (first, or then(FirstMove)) and the count its loop keeps.~n~n"),
    players_fact(Code, [P0, P1]),
    format("% GUESS: the place in the state that alternated ~q, ~q, ~q over whole turns~n",
           [P0, P1, P0]),
    portray_clause(current_player(turn(Pattern, _, _), Var)),
    nl,
    count_text(Over, Code, Proposal),
    (   defines(Code, valid_moves/2)
    ->  FirstMoves = valid_moves(S, Ms)
    ;   FirstMoves = findall(M0, move(S, M0, _), Ms)      % the first part's moves
    ),
    portray_clause((arena_valid_moves(turn(S, Part, N), Ms) :-
                        (   arena_game_over(turn(S, Part, N), _)
                        ->  Ms = []
                        ;   Part == first
                        ->  FirstMoves
                        ;   Part = then(M1),
                            valid_moves(S, M1, Ms)
                        ))),
    nl,
    (   Over = count(_, _, Step)
    ->  (   Step < 0
        ->  K is -Step, Next = (N1 is N - K)
        ;   Next = (N1 is N + Step)
        )
    ;   Next = (N1 = N)
    ),
    portray_clause((arena_move(turn(S, Part, N), M, turn(S1, Part1, N1)) :-
                        \+ arena_game_over(turn(S, Part, N), _),
                        (   Part == first
                        ->  move(S, M, S1),
                            Part1 = then(M),
                            N1 = N
                        ;   Part = then(M1),
                            move(S, M, M1, S1),
                            Part1 = first,
                            Next
                        ),
                        !)),
    nl,
    (   Over == two
    ->  portray_clause((arena_game_over(turn(S, _, _), W) :- game_over(S, W), !))
    ;   portray_clause((arena_game_over(turn(S, _, N), W) :- game_over(S, W, N), !))
    ),
    nl,
    (   defines(Code, value/3),
        \+ ( member(P, [P0, P1]), quiet(Code:value(S0, P, V)), number(V) )
    ->  format("% GUESS: the game's value/3 gives no number for a player (it takes~n"),
        format("% something else): the arena does as if it had none~n"),
        portray_clause(arena_without(value/3)),
        nl
    ;   true
    ),
    portray_clause((arena_display_game(turn(S, Part, N)) :-
                        display_game(S),
                        format("next: ~w part (count ~w)~n", [Part, N]))).

count_text(Over, Code, Proposal) :-
    proposal_config(Proposal, Config),
    proposal_from(Proposal, From),
    (   config_goal(Code, Given, Init)
    ->  ConfigGoal = (Given, initial_state(Init, S)),
        format("% GUESS: the config as the game's own code finds it for initial_state/2~n")
    ;   From == none
    ->  ConfigGoal = initial_state(S),
        format("% initial_state/1 of the 2021/22 contract~n")
    ;   From == initial
    ->  ConfigGoal = initial(S),
        format("% initial/1 of the 2019/20 and 2020/21 contract~n")
    ;   ConfigGoal = initial_state(Config, S),
        (   From == code
        ->  format("% GUESS: the config the game's own code passes to initial_state/2~n")
        ;   format("% GUESS: the config initial_state/2 accepted: set what the game's menu would~n")
        )
    ),
    (   Over = count(Start, Count, Step)
    ->  format("% GUESS: game_over/3 takes the count the game's loop keeps: it starts~n"),
        \+ \+ ( numbervars(Start, 0, _),
               format("% as ~W gives it and changes by ~w after each whole turn~n",
                      [Start, [numbervars(true), quoted(true)], Step]) ),
        portray_clause((arena_initial_state(_, turn(S, first, Count)) :-
                            ConfigGoal, Start))
    ;   Over = count(unknown)
    ->  format("% GUESS: game_over/3 takes a count the game's loop keeps (turns left?):~n"),
        format("% write its start here and its step in arena_move/3~n"),
        portray_clause((arena_initial_state(_, turn(S, first, 0)) :- ConfigGoal))
    ;   portray_clause((arena_initial_state(_, turn(S, first, none)) :- ConfigGoal))
    ),
    nl.
