:- module(arena_typed_move,
          [ typed_move/3,             % +Game, +Typed, -Text
            typed_move_bounded/3      % +Game, +Typed, -Text
          ]).
:- use_module(library(time)).

/** <module> A move typed as its Prolog term

Part of the bridge (prolog/bridge.pl re-exports it): the one reading of
a typed move that is not a move text, for the referee's engine and the
game host alike. Python passes the typed text as an atom, read here as
data.
*/

%!  typed_move(+Game, +Typed, -Text) is semidet.
%
%   Text is the move text of the move term written as Typed (an atom),
%   as a bot would return it: Typed read as a ground term, which Game's
%   move_text/2 turns into an atom. Fails for text that is no term; an
%   error of move_text/2 is Game's to answer for.

typed_move(Game, Typed, Text) :-
    catch(term_string(Move, Typed), _, fail),
    ground(Move),
    Game:move_text(Move, Text),
    atom(Text).

%!  typed_move_bounded(+Game, +Typed, -Text) is semidet.
%
%   typed_move/3 for a built-in game in the referee's engine: within 2 s,
%   and any error is no move.

typed_move_bounded(Game, Typed, Text) :-
    catch(call_with_time_limit(2, typed_move(Game, Typed, Text)), _, fail).
