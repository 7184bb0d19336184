:- module(arena_ai_mcts_playout,
          [ default_playout/5,        % +Game, +Policy, +Deadline, +State, -Winner
            playout/7,                % +Game, +P, +Deadline, +N, +State, +Known, -Winner
            kids/6,                   % +Moves, +Game, +State, +Player, -Kids, -Won
            winning_move/5,           % +Game, +State, +Player, +Moves, -Move
            squashed_value/5          % +Game, +State, +Player, +Scale, -R
          ]).
:- set_prolog_flag(optimise, true).      % compiled arithmetic (this file only)
:- use_module(library(lists)).
:- use_module(library(random)).

/** <module> The playouts of the general search (prolog/ai/mcts.pl)

Random games over the contract's current_player/2, valid_moves/2,
move/3 and game_over/2 (and value/3 for a cutoff), with a win in one
taken (decisive) and the opponent's win in one blocked (anti-decisive)
where asked. The clock is checked at every ply.
*/

%   squashed_value(+Game, +State, +Player, +Scale, -R): value/3 of State
%   for Player, less the opponent's where the game has two players and
%   value/3 answers for both (a value that counts only one side's
%   progress, as in a race, then still tells who leads), through a
%   logistic curve whose unit is the mean |difference| seen so far in
%   this search; fails where value/3 fails, throws or gives no number.
squashed_value(Game, State, Player, Scale, R) :-
    catch(Game:value(State, Player, V0), _, fail),
    number(V0),
    (   catch(Game:players(Players), _, fail),
        Players = [_, _],
        select(Player, Players, [Other]),
        catch(Game:value(State, Other, W), _, fail),
        number(W)
    ->  V is V0 - W
    ;   V = V0
    ),
    Scale = scale(Sum0, N0),
    Sum is Sum0 + abs(V),
    N is N0 + 1,
    nb_setarg(1, Scale, Sum),
    nb_setarg(2, Scale, N),
    Unit is max(1.0e-9, Sum / N),
    X is max(-30.0, min(30.0, V / Unit)),
    R is 1 / (1 + exp(-X)).

winning_move(Game, State, Player, Moves, Move) :-
    member(Move, Moves),
    Game:move(State, Move, State1),
    Game:game_over(State1, Player),
    !.

opponent_winning_reply(Game, Player, State, Reply) :-
    \+ Game:game_over(State, _),
    Game:current_player(State, Next),
    Next \== Player,
    Game:valid_moves(State, Moves),
    winning_move(Game, State, Next, Moves, Reply).

%!  default_playout(+Game, +Policy, +Deadline, +State, -Winner) is det.
%
%   Random valid moves to the end of the game. Policy is a boolean
%   (Decisive: take a win in one when there is one), Decisive-Anti, or
%   policy(Decisive, Anti, Cutoff, Scale): after Cutoff plies the
%   playout stops and scores its position with value/3, Winner then
%   score(Player, R), R in 0..1 for Player (through the logistic curve
%   of squashed_value/5; a position value/3 does not score plays on). A
%   dead end or a refused move ends it as a draw. Throws
%   mcts_out_of_time past Deadline.

default_playout(Game, Policy, Deadline, State, Winner) :-
    (   Policy = policy(Decisive, Anti, Cutoff, Scale)
    ->  true
    ;   Policy = Decisive-Anti
    ->  Cutoff = inf,
        Scale = none
    ;   Decisive = Policy,
        Anti = false,
        Cutoff = inf,
        Scale = none
    ),
    playout(Game, p(Decisive, Anti, Cutoff, Scale), Deadline, 1, State, unknown, Winner).

%   playout(+Game, +P, +Deadline, +N, +State, +Known, -Winner): Known is
%   open when State is known not to be over (a decisive ply found it so).
playout(Game, P, Deadline, N, State, Known, Winner) :-
    (   get_time(Now),
        Now > Deadline
    ->  throw(mcts_out_of_time)
    ;   true
    ),
    P = p(Decisive, Anti, Cutoff, Scale),
    (   Known \== open,
        Game:game_over(State, Winner0)
    ->  Winner = Winner0
    ;   N > Cutoff,
        Game:current_player(State, Player),
        squashed_value(Game, State, Player, Scale, R)
    ->  Winner = score(Player, R)
    ;   Game:valid_moves(State, Moves),
        Moves \== []
    ->  N1 is N + 1,
        (   Decisive == true,
            Anti \== true
        ->  Game:current_player(State, Player),
            kids(Moves, Game, State, Player, Kids, Won),
            (   Won = won(_)
            ->  Winner = Player
            ;   random_member(Kid, Kids)
            ->  (   Kid = over(Winner0)
                ->  Winner = Winner0
                ;   Kid = s(State1),
                    playout(Game, P, Deadline, N1, State1, open, Winner)
                )
            ;   Winner = draw           % every move refused
            )
        ;   Decisive == true,
            Game:current_player(State, Player),
            winning_move(Game, State, Player, Moves, _)
        ->  Winner = Player
        ;   Anti == true
        ->  Game:current_player(State, Player),
            random_member(Move0, Moves),
            (   Game:move(State, Move0, State0)
            ->  (   opponent_winning_reply(Game, Player, State0, Reply),
                    Reply \== Move0,
                    memberchk(Reply, Moves),
                    Game:move(State, Reply, State2)
                ->  State1 = State2     % take the cell the opponent wins on
                ;   State1 = State0
                ),
                playout(Game, P, Deadline, N1, State1, unknown, Winner)
            ;   Winner = draw
            )
        ;   random_member(Move, Moves),
            (   Game:move(State, Move, State1)
            ->  playout(Game, P, Deadline, N1, State1, unknown, Winner)
            ;   Winner = draw
            )
        )
    ;   Winner = draw
    ).

%   kids(+Moves, +Game, +State, +Player, -Kids, -Won): Won is won(Move)
%   when Move wins at once for Player (Kids then []); else Won is false
%   and Kids holds
%   s(State1) for each move whose result is not over and over(Winner)
%   for each that ends the game otherwise (moves move/3 refuses left
%   out): the decisive ply plays each move once and keeps what it made.
kids([], _, _, _, [], false).
kids([M|Ms], Game, State, Player, Kids, Won) :-
    (   Game:move(State, M, State1)
    ->  (   Game:game_over(State1, W)
        ->  (   W == Player
            ->  Kids = [],
                Won = won(M)
            ;   Kids = [over(W)|Kids1],
                kids(Ms, Game, State, Player, Kids1, Won)
            )
        ;   Kids = [s(State1)|Kids1],
            kids(Ms, Game, State, Player, Kids1, Won)
        )
    ;   kids(Ms, Game, State, Player, Kids, Won)
    ).
