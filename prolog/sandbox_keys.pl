:- module(arena_sandbox_keys,
          [ var_term_problem/2,       % +Term, -Problem
            var_name_problem/2        % +Name/Arity, -Problem
          ]).

/** <module> Terms that collide with library(sandbox)'s proof keys

library(sandbox) remembers each goal it has proved safe under a key made
by numbervars/3: the goal's variables become '$VAR'(0), '$VAR'(1), ...
A goal written with those terms itself has the same key as a more
general goal, so proving the literal goal safe lets the general one
pass unchecked:

    '$VAR'(_).
    attack :-
        catch(limit('$VAR'(0), '$VAR'(1)), _, true),
        term_string(G, "shell(ls)"),
        limit(1, G).                    % key limit('$VAR'(0),'$VAR'(1)): cached

numbervars/3 makes no other term (its variables are numbered from 0,
with integers only), so untrusted code that the sandbox checks may hold
no '$VAR' compound of any arity anywhere in a clause (a grammar rule's
translation included) and may not define or declare '$VAR'/N.
See docs/security.md.

    ?- var_term_problem((a :- limit('$VAR'(0), true)), P).
    P = '...'.
*/

%!  var_term_problem(+Term, -Problem) is semidet.
%
%   Term (a clause or directive) holds a '$VAR' compound; Problem says so.

var_term_problem(Term, Problem) :-
    sub_term(Sub, Term),
    compound(Sub),
    compound_name_arity(Sub, '$VAR', Arity),
    !,
    format(atom(Problem), "holds a '$VAR'/~w term, which library(sandbox) cannot \c
                           tell from a variable of its own (it would prove a goal \c
                           safe that is not): write the variable itself", [Arity]).

%!  var_name_problem(+PI, -Problem) is semidet.
%
%   PI (Name/Arity being defined or declared) is '$VAR'/N.

var_name_problem(Name/Arity, Problem) :-
    Name == '$VAR',
    format(atom(Problem), "defines '$VAR'/~w, the name library(sandbox) gives the \c
                           variables of the goals it proves safe: rename it", [Arity]).
