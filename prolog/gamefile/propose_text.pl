:- module(arena_gamefile_propose_text,
          [ adapter_text/4,           % +Code, +FileBase, +Proposal, -Text
            renamed_calls/4           % +Text0, +Name, +New, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(occurs)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(propose_code).
:- use_module(propose_players, [players_fact/2]).
:- use_module(propose_record).
:- use_module(propose_winner, [winner_text/4]).
:- use_module(propose_trial).
:- use_module(propose_value).
:- use_module(propose_loop, [answered_how/2]).

/** <module> The text of a proposed adapter

adapter_text/4 writes the adapter (`NAME-arena.pl`) that
prolog/gamefile/propose.pl found: players/1 and current_player/2 over the
alternating place, the winner mapping, wrappers of the game's predicates
where its code or its trial games show they differ from the contract,
its AI levels, its config and the facts its menu asserts.
*/

%!  adapter_text(+Code, +FileBase, +Proposal, -Text) is det.
%
%   Text is the adapter for what Proposal (prolog/gamefile/propose_record.pl)
%   holds.

adapter_text(Code, FileBase, Proposal, Text) :-
    proposal_first(Proposal, P0),
    proposal_second(Proposal, P1),
    (   atom(P0), atom(P1), P0 \== draw, P1 \== draw
    ->  Names = [P0, P1], Atoms = true
    ;   Names = [player1, player2], Atoms = false
    ),
    with_output_to(string(Text),
      ( adapter_header(FileBase),
        players_fact(Code, Names),
        players_text(Code, Atoms, Names, Proposal),
        winner_text(Code, Atoms, Names, Proposal),
        player_wrappers(Code, Atoms, Proposal),
        value_text(Code, Atoms, Proposal),
        level_text(Code),
        config_text(Code, Proposal),
        setup_text(Code, Proposal)
      )).

%   players_text(+Code, +Atoms, +Names, +Proposal): current_player/2
%   over the place that alternates.
players_text(Code, Atoms, Names, Proposal) :-
    proposal_path(Proposal, Path),
    proposal_pattern(Proposal, Pattern),
    proposal_var(Proposal, Var),
    proposal_first(Proposal, P0),
    proposal_second(Proposal, P1),
    players_text(Code, Atoms, Names, Path, Pattern-Var, P0, P1).

players_text(Code, _, _, counter(_, _:Name), Pattern-Var, P0, P1) :-
    !,
    format("% GUESS: the player to move, as ~q names the turn count (~q, ~q, ...)~n", [Name, P0, P1]),
    Goal =.. [Name, Var, P],
    player_clause(Code, Pattern, P, (Goal, !)).
players_text(Code, true, _, _, Pattern-Var, P0, P1) :-
    format("% GUESS: the place in the state that alternated ~q, ~q, ~q~n", [P0, P1, P0]),
    player_clause(Code, Pattern, Var, true).
players_text(Code, false, [N0, N1], _, Pattern-Var, P0, P1) :-
    format("% GUESS: the game's players ~q and ~q, by the place in the state that~n", [P0, P1]),
    format("% alternated; rename ~q and ~q at will~n", [N0, N1]),
    portray_clause(arena_player(P0, N0)),
    portray_clause(arena_player(P1, N1)),
    nl,
    player_clause(Code, Pattern, Name, arena_player(Var, Name)).

%   player_clause(+Code, +Pattern, +P, +Goal): current_player/2 as the
%   clause Pattern, P :- Goal; arena_current_player/2 where the game has
%   a current_player/2 of its own, which a second definition would join.
player_clause(Code, Pattern, P, Goal) :-
    (   defines(Code, current_player/2)
    ->  format("% (the game has a current_player/2 of its own: the arena uses this one)~n"),
        Head = arena_current_player(Pattern, P)
    ;   Head = current_player(Pattern, P)
    ),
    (   Goal == true
    ->  portray_clause(Head)
    ;   portray_clause((Head :- Goal))
    ).

%   player_wrappers(+Code, +Atoms, +Proposal): the game's predicates
%   that take a player, given the game's own player term; a pass move.
player_wrappers(Code, Atoms, Proposal) :-
    proposal_state(Proposal, S0),
    proposal_path(Proposal, Path),
    proposal_pattern(Proposal, Pattern0),
    proposal_var(Proposal, Var0),
    proposal_first(Proposal, PA),
    proposal_second(Proposal, PB),
    nl,
    (   defines(Code, valid_moves/2)
    ->  Own = valid_moves(SV, Ms1)
    ;   copy_term(Pattern0-Var0, SV-P),
        Own = valid_moves(SV, P, Ms1)
    ),
    at_path(S0, Path, PS0),
    (   \+ defines(Code, valid_moves/2),
        \+ defines(Code, valid_moves/3)
    ->  generated_text(Code, SV, Base, Ms0),
        Changed = generated
    ;   moves_shape(Code, S0, PS0, Own, Ms1, Base, Ms0, Changed)
    ),
    (   quiet(Code:game_over(S0, W0)),
        moves(Code, S0, PS0, [_|_]),
        (   ( W0 == PA ; W0 == PB )         % a winner, not a "none"
        ->  Even = none
        ;   lead_changes(Code, Path, S0, PA, PB)
        ->  Even = W0                       % a score: W0 where no one leads
        )
    ->  AtStart = true, Ends = []           % the loop asks it once no move is left
    ;   AtStart = false,
        loop_ends(Code, S0, [draw, PA, PB], Ends)
    ),
    (   Ends == [], AtStart == false
    ->  OverName = game_over
    ;   OverName = arena_game_over          % the loop's own ends too
    ),
    over_goal(OverName, SV, Over),
    (   AtStart == true
    ->  (   Changed == true
        ->  portray_clause((arena_valid_moves(SV, Ms0) :- Base))
        ;   true
        )
    ;   pass_move(Code, S0, Path, Pass)
    ->  Guard = true,
        format("% GUESS: move/3 takes ~q, which valid_moves never lists: a player~n", [Pass]),
        format("% with no other move plays it (as the game's loop does)~n"),
        portray_clause((arena_valid_moves(SV, Ms) :-
                           (   Over
                           ->  Ms = []
                           ;   Base,
                               (   Ms0 == []
                               ->  Ms = [Pass]
                               ;   Ms = Ms0 ))))
    ;   guarded_moves(Code, Path, S0, Changed, Ends, Why)
    ->  Guard = true,
        forall(member(Line, Why), format("~s~n", [Line])),
        portray_clause((arena_valid_moves(SV, Ms0) :-
                           (   Over
                           ->  Ms0 = []
                           ;   Base )))
    ;   (   Atoms == false,
            \+ defines(Code, valid_moves/2)
        ;   Changed == true
        )
    ->  portray_clause((arena_valid_moves(SV, Ms0) :- Base))
    ;   true
    ),
    move_shape(Code, S0, PS0, Guard, OverName),
    (   Ends \== []
    ->  format("~n% GUESS: the game's loop ends the game itself where its state is so:~n"),
        forall(member(end(LoopPI, Pat, Win), Ends),
               ( format("% (~w's clause ending as ~q)~n", [LoopPI, Win]),
                 portray_clause((arena_game_over(Pat, Win) :- !)) ))
    ;   true
    ),
    (   AtStart == true
    ->  copy_term(SV-Base-Ms0, SD-BaseD-MsD),
        format("~n% GUESS: game_over/2 holds in the first state already: the game's loop~n"),
        format("% asks it only once the player to move has no move~n"),
        (   Even == none
        ->  portray_clause((arena_game_over(SD, W) :- BaseD, MsD == [], game_over(SD, W), !))
        ;   format("% (it answers who leads: ~q, its answer in the first state, is a draw)~n",
                   [Even]),
            portray_clause((arena_game_over(SD, W) :-
                               BaseD, MsD == [], game_over(SD, Wg), !,
                               (   Wg == Even -> W = draw ; W = Wg )))
        )
    ;   \+ pass_move(Code, S0, Path, _),
        defines(Code, game_over/2),         % (none: the game has no end yet)
        end_seen(Code, Path, S0, dead_end)
    ->  copy_term(SV-Base-Ms0, SD-BaseD-MsD),
        format("~n% GUESS: in a few random games the player to move had no move while~n"),
        format("% game_over/2 failed; the game's loop decides what then happens (the~n"),
        format("% game ends, the player passes or loses a piece). Here the game ends~n"),
        format("% as a draw: write what the loop does.~n"),
        portray_clause((arena_game_over(S, W) :- game_over(S, W), !)),
        portray_clause((arena_game_over(SD, draw) :- BaseD, MsD == []))
    ;   (   several_clauses(Code, game_over(_, _))
        ;   end_seen(Code, Path, S0, over_nondet)
        )
    ->  format("~n% game_over/2 leaves a choice point: its first answer, as the game's~n"),
        format("% loop takes it~n"),
        portray_clause((arena_game_over(S, W) :- game_over(S, W), !))
    ;   Ends \== []
    ->  format("~n% else the game's own game_over/2~n"),
        portray_clause((arena_game_over(S, W) :- game_over(S, W)))
    ;   true
    ),
    (   defines(Code, choose_move/4),
        \+ defines(Code, choose_move/3),
        level_first(Code)
    ->  format("~n% the game's choose_move/4, given the level first and the valid moves~n"),
        portray_clause((arena_choose_move(S2, L2, M2) :-
                            valid_moves(S2, Ms2), choose_move(L2, S2, Ms2, M2)))
    ;   Atoms == false,
        defines(Code, choose_move/4),
        \+ defines(Code, choose_move/3)
    ->  copy_term(Pattern0-Var0, S1-P1),
        format("~n% the game's choose_move/4, given the player~n"),
        portray_clause((arena_choose_move(S1, L, M) :- choose_move(S1, P1, L, M)))
    ;   true
    ),
    display_wrapper(Code, Atoms, S0, Pattern0, Var0).

%   guarded_moves(+Code, +Path, +S0, +Changed, +Ends, -Why): valid_moves
%   is to list no move once the game is over, Why the comment lines
%   saying why: the moves are move/3's own, valid_moves lists moves once
%   game_over/2 holds, or the game's loop has ends of its own (Ends).
guarded_moves(_, _, _, generated, _, Why) :-
    !,
    Why = ["% GUESS: the game has no valid_moves: the moves move/3 itself gives for",
           "% a free move, none once the game is over"].
guarded_moves(Code, Path, S0, _, _, Why) :-
    end_seen(Code, Path, S0, over_with_moves),
    !,
    Why = ["% GUESS: valid_moves lists moves once game_over/2 holds; the game's",
           "% loop asks game_over/2 first"].
guarded_moves(_, _, _, _, Ends, ["% no move once the game's loop ends the game (below)"]) :-
    Ends \== [].

%   level_first(+Code): choose_move/4 takes the level first, as its
%   clauses with an integer there and none in the third place show
%   (choose_move(Level, State, Moves, Move)).
level_first(Code) :-
    code_clause(Code, choose_move(L, _, _, _), _),
    integer(L),
    \+ ( code_clause(Code, choose_move(_, _, L3, _), _), integer(L3) ),
    !.

%   move_shape(+Code, +S0, +P0, +Guard, +OverName): move/3's first
%   answer, where it leaves a choice point for the first state's first
%   move; no move once OverName/2 (game_over, or the adapter's own
%   arena_game_over) holds where Guard is true (valid_moves is guarded).
move_shape(Code, S0, P0, Guard, OverName) :-
    over_goal(OverName, S, Over),
    (   (   moves(Code, S0, P0, [M|_]),
            quiet_det(Code:move(S0, M, _), nondet)
        ;   Guard == true,
            several_clauses(Code, move(_, _, _))
        )
    ->  format("~n% move/3 may leave a choice point: its first answer, as the game's loop~n"),
        format("% takes it~n"),
        (   Guard == true
        ->  format("% (and no move once the game is over)~n"),
            portray_clause((arena_move(S, Mv, S1) :- \+ Over, move(S, Mv, S1), !))
        ;   portray_clause((arena_move(S, Mv, S1) :- move(S, Mv, S1), !))
        )
    ;   Guard == true
    ->  format("~n% no move once the game is over, as the game's loop asks game_over/2 first~n"),
        portray_clause((arena_move(S, Mv, S1) :- \+ Over, move(S, Mv, S1)))
    ;   true
    ).

%   over_goal(+OverName, ?S, -Over): the game is over in S by OverName/2
%   with a winner term the adapter maps (a game_over/2 that answers
%   `none` while the game goes on is not over there).
over_goal(game_over, S, (game_over(S, W), nonvar(W), arena_winner(W, _))) :-
    !.
over_goal(OverName, S, Over) :-
    Over =.. [OverName, S, _].

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

human_level(L) :-
    ground(L),
    text_has(L, [human, player, person, humano, jogador]).

%   config_text(+Code, +Proposal): the config, or the first state, the
%   adapter starts from.
config_text(Code, Proposal) :-
    proposal_state(Proposal, S0),
    proposal_config(Proposal, Config),
    proposal_from(Proposal, From),
    (   From = loop(Input)
    ->  answered_how(Input, How),
        format("~n% GUESS: the first state the game's own play/0 passed to its rules, its~n"),
        format("% menu answered ~w: set the config it builds~n", [How]),
        portray_clause(arena_initial_state(_, S0))
    ;   From == none
    ->  format("~n% initial_state/1 of the 2021/22 contract~n"),
        portray_clause((arena_initial_state(_, S) :- initial_state(S)))
    ;   From == initial
    ->  format("~n% initial/1 of the 2019/20 and 2020/21 contract~n"),
        portray_clause((arena_initial_state(_, S) :- initial(S)))
    ;   defines(Code, initial_state/2)
    ->  config_comment(From),
        portray_clause(arena_config(_, Config))
    ;   true
    ).

config_comment(loop_config(Input)) :-
    answered_how(Input, How),
    format("~n% GUESS: the config the game's own play/0 passed to initial_state/2, its~n"),
    format("% menu answered ~w: set what its menu would~n", [How]).
config_comment(given) :-
    format("~n% the config given to check-game~n").
config_comment(code) :-
    format("~n% GUESS: the config the game's own code passes to initial_state/2~n").
config_comment(usual) :-
    format("~n% GUESS: the config initial_state/2 accepted (a board size?)~n").
config_comment(shape) :-
    format("~n% GUESS: initial_state/2's config filled in with a size and ones: set~n"),
    format("% what the game's menu would (type, size, difficulty, ...)~n").

%   variable_count(+Term, -N): how many variables Term holds.
variable_count(Term, N) :-
    term_variables(Term, Vs),
    length(Vs, N).

%   setup_text(+Code, +Proposal): where display_game fails in the
%   first state, the facts the game's code asserts but never has (a
%   menu's settings): the ones it asserts as they are, or one per player
%   with the player and its name in the places tried, the first that
%   lets display_game succeed; else the assertions as lines to fill in.
setup_text(Code, Proposal) :-
    proposal_state(Proposal, S0),
    proposal_path(Proposal, Path),
    proposal_first(Proposal, P0),
    proposal_second(Proposal, P1),
    (   display_fails(Code, S0, P0),
        findall(F, asserted_fact(Code, F), Fs0),
        Fs0 \== []
    ->  list_to_set_v(Fs0, Fs1),
        map_list_to_pairs(variable_count, Fs1, NFs),
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

%!  renamed_calls(+Text0, +Name, +New, -Text) is det.
%
%   Text0, an adapter's text, with each call of the game's Name (`Name(`
%   not at the end of a longer name) a call of New.

renamed_calls(Text0, Name, New, Text) :-
    atom_concat(Name, '(', Call),
    atom_concat(New, '(', NewCall),
    atomic_list_concat(Pieces, Call, Text0),
    rejoin(Pieces, Call, NewCall, Text).

rejoin([T], _, _, T) :-
    !.
rejoin([A, B|Rest], Call, NewCall, Text) :-
    (   sub_atom(A, _, 1, 0, C),
        char_type(C, csym)
    ->  Used = Call
    ;   Used = NewCall
    ),
    rejoin([B|Rest], Call, NewCall, Tail),
    atomic_list_concat([A, Used, Tail], Text).
