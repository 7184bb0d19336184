:- module(arena_prefix,
          [ first_n/3                 % +N, +List, -Prefix
          ]).
:- use_module(library(lists)).

%!  first_n(+N, +List, -Prefix) is det.
%
%   Prefix is List's first N elements, or List where it has fewer.

first_n(N, List, Prefix) :-
    length(List, Len),
    (   Len =< N
    ->  Prefix = List
    ;   length(Prefix, N),
        append(Prefix, _, List)
    ).
