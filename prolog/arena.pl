:- module(arena,
          [ option_value/4,           % +Options, +Name, +Default, -Value
            check_options/2,          % +Game, +Options
            int_option/6,             % +Game, +Options, +Name, +Low, +High, -Value
            player_opponent/3,        % +Game, +Player, -Opponent
            random_move/3,            % +Game, +State, -Move
            greedy_move/3,            % +Game, +State, -Move
            random_best/2,            % +ScoredMoves, -Move
            level_move/5,             % +Game, +State, +Level, :Stronger, -Move
            level_move/6,             % +Game, +State, +Level, :Greedy, :Stronger, -Move
            set_nth1/4,               % +Index, +List0, +Elem, -List
            line_3x3/1,               % ?Cells
            lines_3x3_pieces/2,       % +Board3x3, -Runs
            open_lines_value/4,       % +Runs, +Player, +Opponent, -Value
            three_in_a_line/2         % +Board3x3, -Player
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(error)).

/** <module> Helpers shared by games

A game is a module `prolog/games/<id>.pl` whose module name is its id.
It exports the game contract (prolog/contract.pl: the required and
standard predicates, and those optional or built_in ones it has), each
with a PlDoc header. The helpers here check its options, pick random
and greedy moves, and map its levels onto its searches.

A game's choose_move/3 is usually level_move/5 with its own search for
level 3 and up; searches live in prolog/ai/ and value/3 never calls
them.

Example, tic-tac-toe after x played the centre:

    ?- tictactoe:initial_state([], S0), tictactoe:move(S0, 5, S).
    S = state([e,e,e,e,x,e,e,e,e], o).
*/

:- meta_predicate
    level_move(+, +, +, 3, -),
    level_move(+, +, +, 2, 3, -).

%!  option_value(+Options, +Name, +Default, -Value) is det.
%
%   Value is the value of option Name in Options (a list of Name(Value)
%   terms), or Default when Options does not mention Name.

option_value(Options, Name, Default, Value) :-
    Option =.. [Name, Value0],
    (   memberchk(Option, Options)
    ->  Value = Value0
    ;   Value = Default
    ).

%!  check_options(+Game, +Options) is det.
%
%   Throws domain_error(option, Option) when Options is not a list of
%   Name(Value) terms that Game:option/3 knows.

check_options(Game, Options) :-
    must_be(list, Options),
    maplist(check_option(Game), Options).

check_option(Game, Option) :-
    (   compound(Option),
        compound_name_arity(Option, Name, 1),
        Game:option(Name, _, _)
    ->  true
    ;   domain_error(option, Option)
    ).

%!  int_option(+Game, +Options, +Name, +Low, +High, -Value) is det.
%
%   Value is the integer value of option Name in Options, or its default
%   from Game:option/3. Throws domain_error(between(Low, High), Name(V))
%   when the value is not an integer in Low..High, so that the error names
%   the option.

int_option(Game, Options, Name, Low, High, Value) :-
    Game:option(Name, Default, _),
    option_value(Options, Name, Default, Value),
    (   integer(Value),
        between(Low, High, Value)
    ->  true
    ;   Culprit =.. [Name, Value],
        domain_error(between(Low, High), Culprit)
    ).

%!  player_opponent(+Game, +Player, -Opponent) is semidet.
%
%   Opponent is the other player of Game.

player_opponent(Game, Player, Opponent) :-
    Game:players([First, Second]),
    (   Player == First
    ->  Opponent = Second
    ;   Player == Second
    ->  Opponent = First
    ).

%!  random_move(+Game, +State, -Move) is semidet.
%
%   Move is a random valid move; fails when the game is over.

random_move(Game, State, Move) :-
    Game:valid_moves(State, Moves),
    random_member(Move, Moves).

%!  greedy_move(+Game, +State, -Move) is semidet.
%
%   Move maximises value/3 for the mover after the move, at random among
%   equal values. A move that wins at once is always preferred.

greedy_move(Game, State, Move) :-
    Game:current_player(State, Player),
    Game:valid_moves(State, Moves),
    Moves \== [],
    findall(Score-M,
            ( member(M, Moves),
              Game:move(State, M, State1),
              greedy_score(Game, State1, Player, Score)
            ),
            Scored),
    random_best(Scored, Move).

greedy_score(Game, State, Player, Score) :-
    (   Game:game_over(State, Winner)
    ->  (   Winner == Player
        ->  Score = inf
        ;   Winner == draw
        ->  Score = 0
        ;   Score = -inf
        )
    ;   Game:value(State, Player, Score)
    ).

%!  random_best(+ScoredMoves, -Move) is semidet.
%
%   Move is a random one among the Score-Move pairs of highest Score.
%   Scores are numbers, inf or -inf.

random_best(Scored, Move) :-
    Scored = [_|_],
    pairs_keys(Scored, Scores),
    max_member(score_le, Best, Scores),
    findall(M, member(Best-M, Scored), Bests),
    random_member(Move, Bests).

score_le(A, B) :-
    A =< B.

%!  level_move(+Game, +State, +Level, :Stronger, -Move) is semidet.
%
%   The levels of choose_move/3: level 1 is random_move/3, level 2
%   greedy_move/3 and level 3 and up call(Stronger, State, Level, Move).
%   Throws type_error unless Level is a positive integer.

level_move(Game, State, Level, Stronger, Move) :-
    level_move(Game, State, Level, arena:greedy_move(Game), Stronger, Move).

%!  level_move(+Game, +State, +Level, :Greedy, :Stronger, -Move) is semidet.
%
%   level_move/5 with call(Greedy, State, Move) for level 2: a game's own
%   faster way to play greedy_move/3's move.

level_move(Game, State, Level, Greedy, Stronger, Move) :-
    must_be(positive_integer, Level),
    (   Level =:= 1
    ->  random_move(Game, State, Move)
    ;   Level =:= 2
    ->  call(Greedy, State, Move)
    ;   call(Stronger, State, Level, Move)
    ).

%!  set_nth1(+Index, +List0, +Elem, -List) is semidet.
%
%   List is List0 with Elem at the 1-based Index; fails when List0 has no
%   element there.

set_nth1(1, [_|Xs], Y, [Y|Xs]) :-
    !.                                  % green: the index is 1 only here
set_nth1(N, [X|Xs0], Y, [X|Xs]) :-
    N > 1,
    N1 is N - 1,
    set_nth1(N1, Xs0, Y, Xs).

%!  line_3x3(?Cells) is nondet.
%
%   Cells are the 1-based cells of a line of a 3x3 board numbered row by
%   row: the rows, then the columns, then the diagonals.

line_3x3([1,2,3]).
line_3x3([4,5,6]).
line_3x3([7,8,9]).
line_3x3([1,4,7]).
line_3x3([2,5,8]).
line_3x3([3,6,9]).
line_3x3([1,5,9]).
line_3x3([3,5,7]).

%!  lines_3x3_pieces(+Board, -Runs) is det.
%
%   Runs has, for each line_3x3/1 in order, the pieces of Board (a flat
%   list of 9) on it.

lines_3x3_pieces(Board, Runs) :-
    Cells =.. [b|Board],
    findall(Pieces,
            ( line_3x3(Line),
              maplist(cell_piece(Cells), Line, Pieces)
            ),
            Runs).

cell_piece(Cells, I, Piece) :-
    arg(I, Cells, Piece).

%!  three_in_a_line(+Board, -Player) is semidet.
%
%   Player has a line_3x3/1 on Board, a 3x3 board as a flat list of 9
%   pieces, e for empty (the first such line).

three_in_a_line(Board, Player) :-
    Cells =.. [b|Board],
    line_3x3([I, J, K]),
    arg(I, Cells, P),
    P \== e,
    arg(J, Cells, P),
    arg(K, Cells, P),
    !,                                  % green: the first line decides
    Player = P.

%!  open_lines_value(+Runs, +Player, +Opponent, -Value) is det.
%
%   Value scores lines (each a list of pieces): a line holding only
%   Player's pieces counts 3^(N-1) for N pieces, one holding only
%   Opponent's counts -3^(N-1), any other line 0.

open_lines_value(Runs, Player, Opponent, Value) :-
    foldl(open_line_score(Player, Opponent), Runs, 0, Value).

open_line_score(Player, Opponent, Pieces, V0, V) :-
    include(==(Player), Pieces, Own),
    include(==(Opponent), Pieces, Theirs),
    length(Own, NOwn),
    length(Theirs, NTheirs),
    (   NTheirs =:= 0, NOwn > 0
    ->  V is V0 + 3^(NOwn-1)
    ;   NOwn =:= 0, NTheirs > 0
    ->  V is V0 - 3^(NTheirs-1)
    ;   V = V0
    ).
