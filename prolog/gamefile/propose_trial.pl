:- module(arena_gamefile_propose_trial,
          [ initial/5,                % +Code, +ConfigText, -Config, -From, -State
            walk/5,                   % +Code, +Path, +S0, +P0, -P1
            step/5,                   % +Code, +Path, +S, +P, -S1
            end_seen/4,               % +Code, +Path, +S0, ?What
            lead_changes/5,           % +Code, +Path, +S0, +PA, +PB
            pass_move/4,              % +Code, +S0, +Path, -Pass
            sub_state/2,              % +State, -Path
            setup_facts/5,            % +Code, +States, +Skeletons, +Pairs, -Facts
            display_fails/3           % +Code, +State, +Player
          ]).
:- use_module(rule_clock, [firm_time_limit/2]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(random)).
:- use_module(propose_code).
:- use_module(propose_loop).
:- reexport(propose_moves).
:- reexport(propose_paths).
:- use_module('../prefix').

/** <module> The adapter proposal's trial games

The states the proposal (prolog/gamefile/propose.pl) plays through in
the game's code module: the first state, the place in it that alternates
between the players, a few random games to their ends (how game_over/2
and valid_moves behave there, value/3's sign), and the menu facts that
let display_game/2 succeed.
*/

%   initial(+Code, +ConfigText, -Config, -From, -State): the config
%   given, else those the game's own code passes to initial_state/2 and
%   the usual board sizes, then the one the game's own play/0 passes (its
%   menu answered), then initial_state/2's own shape filled in; on
%   backtracking the next one initial_state accepts with a ground state.
%   From says where the config came from.
initial(Code, ConfigText, Config, From, S) :-
    nb_setval(arena_initial_timeouts, 0),
    nb_setval(arena_initial_looped, false),
    nb_setval(arena_initial_answered, false),
    catch(catch(initial_(Code, ConfigText, first, Config, From, S), arena_initial_loop(PI),
                Loop = PI),
          arena_initial_done, fail),
    (   var(Loop)
    ->  true
    ;   nb_setval(arena_initial_looped, true),
        \+ loop_initial(Code, ConfigText, _, _, _)
    ->  throw(arena_initial_loop(Loop))
    ;   fail                            % the loop's states, next clause
    ).
initial(Code, ConfigText, Config, From, S) :-
    loop_initial(Code, ConfigText, Config, From, S).
initial(Code, '', Config, From, S) :-
    nb_getval(arena_initial_looped, false),
    catch(initial_(Code, '', shape, Config, From, S), arena_initial_loop(_), fail).

%   loop_initial: the first state the game's own play/0 builds, its menu
%   answered (prolog/gamefile/propose_loop.pl), when no config is given;
%   the config it passed to initial_state/2 where that gives the state.
loop_initial(Code, '', Config, From, S) :-
    loop_state(Code, S0, Config0, Input),
    (   ground(Config0),
        quiet(Code:initial_state(Config0, S1)),
        S1 =@= S0
    ->  Config = Config0, From = loop_config(Input), S = S1
    ;   Config = S0, From = loop(Input), S = S0
    ).

initial_(Code, ConfigText, Group, Config, From, S) :-
    (   defines(Code, initial_state/2)
    ->  (   ConfigText \== ''
        ->  Group == first,
            term_string(Config, ConfigText),
            Candidates = [given-Config]
        ;   Group == first
        ->  findall(C, ( code_config(Code, C)   % its own calls, then its clauses' heads
                           ; code_clause(Code, initial_state(C, _), _), ground(C) ), Cs0),
            list_to_set(Cs0, Cs),
            findall(code-C, member(C, Cs), Own),
            findall(usual-C, member(C, [8, 7, 6, 5, 9, 10, 4, 3, 1, [], default]), Usual),
            append(Own, Usual, Candidates)
        ;   findall(shape-C, shape_config(Code, C), Candidates)
        ),
        % the game's own configs before the usual ones (which may make its
        % rules ask the keyboard), each those the rules answer quickly first
        member(Kind-Pass, [own-fast, own-any, usual-fast, usual-any]),
        member(From-Config, Candidates),
        (   From == usual -> Kind == usual ; Kind == own ),
        initial_call(Code:initial_state(Config, S)),
        ground(S),
        nb_setval(arena_initial_answered, true),
        (   Pass == fast
        ->  fast(Code, S)
        ;   \+ fast(Code, S)
        )
    ;   Group == first,
        defines(Code, initial_state/1),
        From = none,
        initial_call(Code:initial_state(S))
    ;   Group == first,                 % the 2019/20 and 2020/21 contract's name
        defines(Code, initial/1),
        From = initial,
        initial_call(Code:initial(S))
    ),
    ground(S).

%   initial_call(+Goal): Goal (an initial_state call) once, quiet; the
%   second that reads past the empty keyboard or does not answer within
%   5 s (a loop reading the keyboard) throws arena_initial_loop(PI): no
%   other config would help. Any other error is remembered (rule_threw/2).
initial_call(Goal) :-
    in_time,
    catch(firm_time_limit(5, no_keyboard(with_output_to(string(_), once(Goal)))),
          E, true),
    (   var(E)
    ->  true
    ;   (   E == time_limit_exceeded
        ;   E = error(permission_error(input, past_end_of_stream, _), _)
        )
    ->  nb_getval(arena_initial_timeouts, T0),
        T is T0 + 1,
        nb_setval(arena_initial_timeouts, T),
        T >= 2,
        (   nb_getval(arena_initial_answered, true)
        ->  throw(arena_initial_done)       % the game's own configs answered
        ;   Goal = _:G,
            functor(G, N, A),
            throw(arena_initial_loop(N/A))
        )
    ;   rule_threw(Goal, E),
        fail
    ).

%   fast(+Code, +S): valid_moves and value/3 answer in S within a second
%   (a board too large for the game's own search is passed over).
fast(Code, S) :-
    in_time,
    catch(firm_time_limit(1,
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
        takes(Code, S, M, S1),
        at_path(S1, Path, P1),
        P1 \== P
    ->  true
    ;   member(M, Ms),
        takes(Code, S, M, S1)
    ),
    !.


%   end_seen(+Code, +Path, +S0, ?What): a few random games from S0 (at
%   most 400 moves in all, 2,000 for a dead end; 10 s) reach an end
%   where What holds:
%   over_with_moves (game_over/2 holds and valid_moves still lists
%   moves), over_nondet (game_over/2 leaves a choice point) or dead_end
%   (valid_moves lists none while game_over/2 fails).
end_seen(Code, Path, S0, What) :-
    end_budget(What, Games, Moves),
    get_time(T0),
    Deadline is T0 + 10,
    nb_setval(arena_propose_moves, 0),
    between(1, Games, _),
    playout_end(Code, Path, S0, Deadline, Moves, What),
    !.

%   end_budget(?What, -Games, -Moves): a dead end may come late in a
%   game and in few of them: more games are played to find one.
end_budget(What, 16, 2000) :-
    What == dead_end,
    !.
end_budget(_, 4, 400).

playout_end(Code, Path, S, Deadline, Moves, What) :-
    get_time(Now),
    Now < Deadline,
    nb_getval(arena_propose_moves, N0),
    N0 < Moves,
    N is N0 + 1,
    nb_setval(arena_propose_moves, N),
    at_path(S, Path, P),
    (   quiet(Code:game_over(S, _))
    ->  end_is(What, Code, S, P)
    ;   listed(Code, S, P, Ms),
        (   Ms == []
        ->  What = dead_end
        ;   random_member(M, Ms),
            takes(Code, S, M, S1),
            playout_end(Code, Path, S1, Deadline, Moves, What)
        )
    ).

%   lead_changes(+Code, +Path, +S0, +PA, +PB): in one of 8 random
%   games from S0, played on past game_over/2, its answer went from one
%   player to the other and back at least 3 times: it says who leads (a
%   score), not who has won.
lead_changes(Code, Path, S0, PA, PB) :-
    at_path(S0, Path, P0),                  % a player leads after the first move
    listed(Code, S0, P0, [M|_]),
    takes(Code, S0, M, S1),
    quiet(Code:game_over(S1, W1)),
    ( W1 == PA ; W1 == PB ),
    get_time(T0),
    Deadline is T0 + 5,
    between(1, 8, _),
    lead_game(Code, Path, S0, PA, PB, Deadline, 200, none, 0, Changes),
    Changes >= 3,
    !.

lead_game(Code, Path, S, PA, PB, Deadline, Left, Last, C0, C) :-
    (   quiet(Code:game_over(S, W)),
        ( W == PA ; W == PB )
    ->  (   Last \== none, W \== Last -> C1 is C0 + 1 ; C1 = C0 ),
        Lead = W
    ;   C1 = C0,
        Lead = Last
    ),
    get_time(Now),
    (   Left > 0,
        Now < Deadline,
        at_path(S, Path, P),
        listed(Code, S, P, Ms),
        random_member(M, Ms),
        takes(Code, S, M, S1)
    ->  Left1 is Left - 1,
        lead_game(Code, Path, S1, PA, PB, Deadline, Left1, Lead, C1, C)
    ;   C = C1
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

%   setup_facts(+Code, +States, +Skeletons, +Pairs, -Facts): facts for
%   one asserted predicate that make display_game succeed in each of
%   States (State-Player pairs).
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
