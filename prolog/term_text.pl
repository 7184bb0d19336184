:- module(arena_term_text,
          [ bounded_text/2,           % +Term, -Text
            bounded_text/3            % +Term, +Length, -Text
          ]).

/** <module> A term of untrusted code as bounded text

Written here, calling no hook (no portray, no message translation), and
bounded in depth and length: a bot's or a game file's term may be huge
or cyclic.
*/

%!  bounded_text(+Term, -Text) is det.
%!  bounded_text(+Term, +Length, -Text) is det.
%
%   Term written quoted, at most 12 deep and Length characters (300),
%   then "...".

bounded_text(Term, Text) :-
    bounded_text(Term, 300, Text).

bounded_text(Term, Length, Text) :-
    catch(with_output_to(string(Text0),
                         write_term(Term, [quoted(true), max_depth(12), portray(false),
                                           attributes(ignore), cycles(true),
                                           no_lists(false)])),
          _, Text0 = "<unprintable term>"),
    (   string_length(Text0, L), L > Length
    ->  sub_string(Text0, 0, Length, _, Text1),
        string_concat(Text1, "...", Text)
    ;   Text = Text0
    ).
