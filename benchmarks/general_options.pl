/*  Strength of the general AI's search options on Connect Four, in one
    swipl process (the project's own example file and built-in rules,
    never a submitted file):

        swipl benchmarks/general_options.pl -- GAMES OPPONENT LEVEL SETTING...

    OPPONENT: safe (a win in one, else the middle one of the moves after
    which the opponent cannot win at once) or ai2 (the built-in ai:2).
    SETTING: Rules:Options, Rules file (examples/games/connect4.pl, no
    value/3) or builtin (prolog/games/connect4.pl, with value/3), Options
    a Prolog list added to the general AI's search at LEVEL, e.g.
    builtin:[cutoff(8)] or file:[workers(2)] (two search processes).
    Settings play the same seeds, interleaved, the
    general AI's seat alternating; prints wins, draws, losses and the
    longest move per setting.
*/
:- use_module('../prolog/ai/generic').
:- use_module('../prolog/ai/mcts').
:- use_module('../examples/games/connect4', []).
:- use_module('../prolog/games/connect4', []).
:- initialization(main, main).

main :-
    current_prolog_flag(argv, [G, Opp, L|Texts]),
    atom_number(G, Games),
    atom_number(L, Level),
    maplist([T, S]>>term_to_atom(S, T), Texts, Settings),
    length(Settings, K),
    length(Tallies, K),
    maplist(=(t(0, 0, 0, 0.0)), Tallies),
    numlist(1, Games, Is),
    foldl(round(Opp, Level, Settings), Is, Tallies, Final),
    forall(nth1(J, Settings, S),
           ( nth1(J, Final, t(W, D, Lo, Max)),
             Score is 100 * (W + D / 2) / Games,
             format("~w vs ~w, level ~w: +~w =~w -~w  ~1f%  max ~0f ms~n",
                    [S, Opp, Level, W, D, Lo, Score, Max * 1000]) )).

round(Opp, Level, Settings, I, T0, T) :-
    maplist(play(Opp, Level, I), Settings, T0, T),
    format(user_error, "game ~w: ~w~n", [I, T]).

play(Opp, Level, I, Rules:Options, t(W0, D0, L0, M0), t(W, D, L, M)) :-
    set_random(seed(I)),
    mcts_forget,
    (   I mod 2 =:= 1 -> Me = x ; Me = o ),
    connect4_file:initial_state([], F),
    connect4:initial_state([], B),
    game(Opp, Level, Rules, Options, Me, F, B, 0.0, Winner, Max),
    (   Winner == Me -> W is W0 + 1, D = D0, L = L0
    ;   Winner == draw -> W = W0, D is D0 + 1, L = L0
    ;   W = W0, D = D0, L is L0 + 1
    ),
    M is max(M0, Max).

game(Opp, Level, Rules, Options, Me, F, B, Max0, Winner, Max) :-
    (   connect4:game_over(B, W0)
    ->  Winner = W0, Max = Max0
    ;   connect4:current_player(B, P),
        (   P == Me
        ->  get_time(T0),
            (   Rules == file
            ->  generic_move(connect4_file, F, Level, Options, Move)
            ;   generic_move(connect4, B, Level, Options, Move)
            ),
            get_time(T1),
            Max1 is max(Max0, T1 - T0)
        ;   Opp == ai2
        ->  connect4:choose_move(B, 2, Move),
            Max1 = Max0
        ;   safe_middle(B, Move),
            Max1 = Max0
        ),
        connect4_file:move(F, Move, F1),
        connect4:move(B, Move, B1),
        game(Opp, Level, Rules, Options, Me, F1, B1, Max1, Winner, Max)
    ).

safe_middle(S, Move) :-
    connect4:current_player(S, Me),
    connect4:valid_moves(S, Moves),
    (   member(Move, Moves), connect4:move(S, Move, S1), connect4:game_over(S1, Me)
    ->  true
    ;   include(safe(S, Me), Moves, Safe0),
        ( Safe0 == [] -> Safe = Moves ; Safe = Safe0 ),
        length(Safe, N),
        I is N // 2,
        nth0(I, Safe, Move)
    ).

safe(S, Me, M) :-
    connect4:move(S, M, S1),
    \+ ( connect4:valid_moves(S1, Rs), member(R, Rs),
         connect4:move(S1, R, S2), connect4:game_over(S2, W), W \== Me, W \== draw ).
