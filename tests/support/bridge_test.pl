:- module(arena_bridge_test,
          [ successors/3,             % +Game, +StateText, -Pairs
            perft/4,                  % +Game, +StateText, +Depth, -Count
            raw_value/4,              % +Game, +StateText, +Player, -Value
            raw_values/4,             % +Game, +StateTexts, +Player, -Values
            solved_outcomes/3,        % +Game, +StateTexts, -OutcomeTexts
            initial_state_error/3,    % +Game, +OptionsText, -ErrorText
            not_det/4                 % +Game, +StateText, +Texts, -Goals
          ]).
:- use_module(library(apply)).
:- use_module(library(error)).

/** <module> What the tests call in Prolog beyond the bridge

Loaded by tests/support/bridge_extras.py. Like prolog/bridge.pl, it takes and
returns state texts, move texts and numbers.
*/

%!  successors(+Game, +StateText, -Pairs) is det.
%
%   Pairs is [MoveText, NewStateText] for every valid move.

successors(Game, Text, Pairs) :-
    text_state(Text, State),
    Game:valid_moves(State, Moves),
    maplist(successor_pair(Game, State), Moves, Pairs).

successor_pair(Game, State, Move, [MoveText, NewText]) :-
    Game:move_text(Move, MoveText),
    Game:move(State, Move, State1),
    state_text(State1, NewText).

%!  perft(+Game, +StateText, +Depth, -Count) is det.
%
%   Count is the number of move paths of exactly Depth plies from the
%   state (paths ending earlier, in a finished game, do not count).

perft(Game, Text, Depth, Count) :-
    text_state(Text, State),
    perft_(Game, State, Depth, Count).

perft_(_, _, 0, 1) :-
    !.                                  % green: Depth > 0 below
perft_(Game, State, Depth, Count) :-
    Game:valid_moves(State, Moves),
    Depth1 is Depth - 1,
    foldl(perft_move(Game, State, Depth1), Moves, 0, Count).

perft_move(Game, State, Depth, Move, C0, C) :-
    Game:move(State, Move, State1),
    perft_(Game, State1, Depth, C1),
    C is C0 + C1.

%!  raw_value(+Game, +StateText, +Player, -Value) is det.
%
%   Value is what the game's value/3 gives, as it gives it (the bridge
%   makes it a float); throws type_error(number, Value) for anything but
%   a number.

raw_value(Game, Text, Player, Value) :-
    text_state(Text, State),
    Game:value(State, Player, Value),
    must_be(number, Value).

state_text(State, Text) :-
    format(atom(Text), "~q", [State]).

text_state(Text, State) :-
    term_string(State, Text).

%!  raw_values(+Game, +StateTexts, +Player, -Values) is det.
%
%   raw_value/4 of each state text.

raw_values(Game, Texts, Player, Values) :-
    maplist(raw_value_of(Game, Player), Texts, Values).

raw_value_of(Game, Player, Text, Value) :-
    raw_value(Game, Text, Player, Value).

%!  solved_outcomes(+Game, +StateTexts, -OutcomeTexts) is det.
%
%   The game's solved_outcome/2 of each state, written with ~q.

solved_outcomes(Game, Texts, Outcomes) :-
    maplist(solved_outcome_text(Game), Texts, Outcomes).

solved_outcome_text(Game, Text, Outcome) :-
    text_state(Text, State),
    Game:solved_outcome(State, O),
    format(atom(Outcome), "~q", [O]).

%!  initial_state_error(+Game, +OptionsText, -ErrorText) is det.
%
%   Calls the game's initial_state/2 with the options (a Prolog term as
%   text) directly, without Python's checks: ErrorText is the formal
%   term of the error it throws, written with ~q, or `ok(State)` when
%   it succeeds, or `fail`.

initial_state_error(Game, OptionsText, ErrorText) :-
    term_string(Options, OptionsText),
    catch(( Game:initial_state(Options, State)
          ->  Got = ok(State)
          ;   Got = fail
          ),
          error(Formal, _),
          Got = Formal),
    format(atom(ErrorText), "~q", [Got]).

%!  not_det(+Game, +StateText, +Texts, -Goals) is det.
%
%   Goals (texts) are the calls of the game's det and semidet contract
%   predicates on the state that leave a choice point or throw: the
%   state's own predicates, move/3, move_text/2 (both ways) and
%   move_description/3 of each valid move, and illegal_move_reason/3 of
%   each of Texts.

not_det(Game, Text, Texts, Goals) :-
    text_state(Text, State),
    findall(G, ( contract_goal(Game, State, Texts, G),
                 \+ det_or_fails(Game, G)
               ),
            Found),
    maplist(goal_text, Found, Goals).

contract_goal(_, S, _, current_player(S, _)).
contract_goal(_, S, _, valid_moves(S, _)).
contract_goal(_, S, _, game_over(S, _)).
contract_goal(_, S, _, outcome_reason(S, _)).
contract_goal(Game, S, _, value(S, P, _)) :-
    Game:players(Players),
    member(P, Players).
contract_goal(Game, S, _, solved_outcome(S, _)) :-
    current_predicate(Game:solved_outcome/2).
contract_goal(Game, S, _, G) :-
    Game:valid_moves(S, Moves),
    member(M, Moves),
    (   G = move(S, M, _)
    ;   G = move_description(S, M, _)
    ;   G = move_text(M, _)
    ;   Game:move_text(M, T),
        G = move_text(_, T)
    ).
contract_goal(_, S, Texts, illegal_move_reason(S, T, _)) :-
    member(T, Texts).

%   det_or_fails(+Game, +Goal): Goal succeeds leaving no choice point, or
%   fails, without an error.
det_or_fails(Game, Goal) :-
    catch(once(( call_cleanup(Game:Goal, Det = true),
                 (   Det == true
                 ->  R = det
                 ;   R = choice_point
                 )
               ;   R = failed
               )),
          _,
          R = error),
    memberchk(R, [det, failed]).

goal_text(Goal, Text) :-
    Goal =.. [Name|Args],
    length(Args, N),
    format(atom(Text), "~w/~w ~q", [Name, N, Args]).
