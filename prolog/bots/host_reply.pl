:- module(arena_host_reply,
          [ failed_call/3,            % +Goal, +Move, -Text
            outcome_reply/7           % +Outcome, +Game, +State, +Move, +Seconds, +Inferences, -Reply
          ]).
:- use_module('../gamefile/rule_clock', [firm_time_limit/2]).
:- use_module(library(apply)).
:- use_module(library(time)).
:- use_module(bot_text, [error_text/2]).

/** <module> What the bot host replies to a move request

The reply's verdict and its texts, made from what the bot did: each
written here with bounds, calling no hook (see host.pl for the
protocol).
*/

%!  failed_call(+Goal, +Move, -Text) is det.
%
%   The call that failed as the bot saw it, its move argument written
%   `_` and a PFL state written `State` (the caller has its text).

failed_call(Goal0, Move0, Text) :-
    copy_term(Goal0-Move0, Goal1-Move),
    Move = '$VAR'('_'),
    (   Goal1 =.. [choose_move, _|Rest]
    ->  Goal =.. [choose_move, '$VAR'('State')|Rest]
    ;   Goal = Goal1
    ),
    Goal =.. [Name|Args],
    (   catch(maplist(call_argument_text, Args, Texts), _, fail)
    ->  atomic_list_concat(Texts, ', ', Inner),
        format(string(Text0), "~q(~w)", [Name, Inner])
    ;   Text0 = "<unprintable call>"
    ),
    (   string_length(Text0, L), L > 300
    ->  sub_string(Text0, 0, 300, _, Text1),
        string_concat(Text1, "...", Text)
    ;   Text = Text0
    ).

call_argument_text(Arg, Text) :-
    with_output_to(string(Text),
                   write_term(Arg, [quoted(true), numbervars(true), max_depth(12),
                                    portray(false)])).

%!  outcome_reply(+Outcome, +Game, +State, +Move, +Seconds, +Inferences, -Reply) is det.

outcome_reply(true, Game, State, Move, _, _, Reply) :-
    move_reply_text(Game, State, Move, Reply).
outcome_reply(inference_limit_exceeded, _, _, _, Seconds, Inferences,
              _{verdict:timeout, detail:Detail}) :-
    format(string(Detail), "no move within ~g s: more than ~D inferences, the \c
                            limit of that move time", [Seconds, Inferences]).
outcome_reply(error(time_limit_exceeded), _, _, _, Seconds, _,
              _{verdict:timeout, detail:Detail}) :-
    !,
    format(string(Detail), "no move within ~g s", [Seconds]).
outcome_reply(error(E), _, _, _, _, _, _{verdict:crashed, detail:Detail}) :-
    error_text(E, Detail).

move_reply_text(Game, State, Move, Reply) :-
    (   var(Move)
    ->  Reply = _{verdict:illegal, detail:"the bot left its move unbound", raw:"_"}
    ;   \+ acyclic_term(Move)
    ->  Reply = _{verdict:illegal, detail:"the bot's move is a cyclic term", raw:"cyclic"}
    ;   term_raw(Move, Raw),
        (   \+ ground(Move)
        ->  Reply = _{verdict:illegal, detail:"the bot's move is not ground", raw:Raw}
        ;   catch(firm_time_limit(1, Game:move_text(Move, Text)), _, fail),
            atom(Text)
        ->  Reply = _{verdict:ok, move:Text}
        ;   move_term_example(Game, State, Example),
            format(string(Detail), "the bot answered the term ~s, which is not \c
                                    a move of ~w~w", [Raw, Game, Example]),
            Reply = _{verdict:illegal, detail:Detail, raw:Raw}
        )
    ).

%   move_term_example(+Game, +State, -Text): ", whose moves are terms
%   like T" with T a valid move in State, in canonical form; else "".
move_term_example(Game, State, Text) :-
    (   catch(firm_time_limit(1, Game:valid_moves(State, [Move|_])), _, fail)
    ->  format(string(Text), " (its moves are terms like ~k)", [Move])
    ;   Text = ""
    ).

term_raw(Term, Raw) :-
    catch(with_output_to(string(Raw0),
                         write_term(Term, [quoted(true), ignore_ops(true), max_depth(20),
                                           portray(false), attributes(ignore)])),
          _, Raw0 = "<unprintable term>"),
    (   string_length(Raw0, L), L > 200
    ->  sub_string(Raw0, 0, 200, _, Raw1),
        string_concat(Raw1, "...", Raw)
    ;   Raw = Raw0
    ).
