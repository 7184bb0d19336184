:- module(arena_gamefile_sicstus_clpfd,
          [ clpfd_division/2,         % +Clause0, -Clause
            dot_lists/2               % +Clause0, -Clause
          ]).

/** <module> SICStus' clpfd division, in SWI-Prolog's clpfd

SICStus' library(clpfd) takes `X / Y` in a constraint's expression as
integer division, truncated towards zero; this SWI-Prolog's clpfd
(9.0) refuses it (a domain error: clpfd_expression expected) and spells
that division `//`. A game file's clauses are read with `/` inside the
expressions of clpfd's arithmetic constraints written `//`; nothing
else changes.
*/

%!  clpfd_division(+Clause0, -Clause) is det.

clpfd_division(T0, T) :-
    (   var(T0)
    ->  T = T0
    ;   compound(T0),
        compound_name_arity(T0, Name, 2),
        constraint(Name)
    ->  T0 =.. [Name, A0, B0],
        expression(A0, A),
        expression(B0, B),
        T =.. [Name, A, B]
    ;   compound(T0)
    ->  compound_name_arguments(T0, Name, Args0),
        maplist(clpfd_division, Args0, Args),
        compound_name_arguments(T, Name, Args)
    ;   T = T0
    ).

constraint(#=).
constraint(#\=).
constraint(#<).
constraint(#>).
constraint(#=<).
constraint(#>=).

expression(E0, E) :-
    (   var(E0)
    ->  E = E0
    ;   E0 = A0 / B0
    ->  expression(A0, A),
        expression(B0, B),
        E = A // B
    ;   compound(E0),
        compound_name_arguments(E0, Name, Args0),
        memberchk(Name, [+, -, *, //, mod, rem, abs, min, max, ^])
    ->  maplist(expression, Args0, Args),
        compound_name_arguments(E, Name, Args)
    ;   E = E0
    ).

%!  dot_lists(+Clause0, -Clause) is det.
%
%   SICStus' list cell '.'(Head, Tail), as a course file writes it
%   (`Acc1 = .(T, Acc)`), made SWI-Prolog's '[|]'(Head, Tail): SWI-Prolog
%   reads it as a dict's functional notation. A '.' whose second argument
%   is a list or unbound is taken for a list cell; `X.key` stays.

dot_lists(T0, T) :-
    (   var(T0)
    ->  T = T0
    ;   compound(T0)
    ->  (   compound_name_arity(T0, '.', 2),
            arg(2, T0, Tail),
            (   var(Tail) ; Tail == [] ; Tail = [_|_] ; compound_name_arity(Tail, '.', 2) )
        ->  arg(1, T0, H0),
            dot_lists(H0, H),
            dot_lists(Tail, Tl),
            T = [H|Tl]
        ;   compound_name_arguments(T0, Name, Args0),
            maplist(dot_lists, Args0, Args),
            compound_name_arguments(T, Name, Args)
        )
    ;   T = T0
    ).
