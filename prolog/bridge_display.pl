:- module(arena_bridge_display,
          [ display/4,                % +Game, +StateText, +LastMoveText, -Output
            displays/4,               % +Game, +Pairs, +Colour, -Outputs
            played_descriptions/3     % +Game, +Pairs, -Descriptions
          ]).
:- use_module(library(apply)).
:- use_module(library(error)).

/** <module> What Python asks to show positions: boards and moves in words

Part of the bridge (prolog/bridge.pl re-exports it): one position's
board, or every position of a game in one call for its page, and what
each played move is. States come as canonical text (`~q`), moves as move
text; the answers are atoms.
*/

%!  display(+Game, +StateText, +LastMoveText, -Output) is det.
%
%   Output is what display_game prints, with ANSI colour codes; LastMoveText
%   is '' when there is no last move to mark.

display(Game, Text, LastMoveText, Output) :-
    set_prolog_flag(color_term, true),
    display_pair(Game, true, [Text, LastMoveText], Output).

display_goal(Game, Text, LastMoveText, Goal) :-
    term_string(State, Text),
    (   LastMoveText \== '',
        Game:move_text(Last, LastMoveText),
        current_predicate(Game:display_game/2)
    ->  Goal = Game:display_game(State, [last_move(Last)])
    ;   Goal = Game:display_game(State)
    ).

%!  displays(+Game, +Pairs, +Colour, -Outputs) is det.
%
%   Outputs are what display_game prints for the [StateText, LastMoveText]
%   pairs of Pairs, in one call (a game's every position, for its page);
%   with ANSI colour codes if Colour is true. Without colour, ansi_format/3
%   writes plain text, and fast.

displays(Game, Pairs, Colour, Outputs) :-
    must_be(boolean, Colour),
    setup_call_cleanup(
        set_prolog_flag(color_term, Colour),
        maplist(display_pair(Game, Colour), Pairs, Outputs),
        set_prolog_flag(color_term, true)).

display_pair(Game, Colour, [Text, LastMoveText], Output) :-
    display_goal(Game, Text, LastMoveText, Goal),
    with_output_to(string(Output0),
                   ( current_output(Out),
                     set_stream(Out, tty(Colour)),
                     Goal
                   )),
    atom_string(Output, Output0).

%!  played_descriptions(+Game, +Pairs, -Descriptions) is det.
%
%   For each [StateText, MoveText] of Pairs, the move's description in
%   that state ('' when the game gives none or the move is not valid).

played_descriptions(Game, Pairs, Descriptions) :-
    maplist(played_description(Game), Pairs, Descriptions).

played_description(Game, [Text, MoveText], Description) :-
    term_string(State, Text),
    (   current_predicate(Game:move_description/3),
        Game:move_text(Move, MoveText),
        Game:move_description(State, Move, Description0)
    ->  format(atom(Description), "~w", [Description0])
    ;   Description = ''
    ).
