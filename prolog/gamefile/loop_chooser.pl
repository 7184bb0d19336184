:- module(arena_loop_chooser,
          [ chooser/4,                % +M, -PI, -Head, -Spec
            chooser_moves/3           % +M, +Spec, -Moves
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

/** <module> The moves a game's computer player chooses among

A game's loop asks its computer player for a move with choose_move/3..6.
Where the adapter says `arena_loop_chosen` (prolog/gamefile/loop_watch.pl),
that move becomes a pick of the arena's players among the moves the
game's own code lists for the same call:

  - listed in the player's clauses: a clause whose body calls the game's
    valid_moves/2..6 (or validMoves, a list of possible or legal moves)
    on what its head is given, `choose_move(Level, P, B, movement(R, C,
    R1, C1)) :- valid_moves(P, B, Ms), ...`; its head's last argument is
    the move, in the form that head gives it;
  - else shared, as the course's contract has it: valid_moves(S, P, Ms)
    or valid_moves(S, Ms) on choose_move's state (and player).

A listed move fits the player's move as it is, or by its constants in
order where the forms differ (`1-2-3-4` as `movement(1, 2, 3, 4)`).
*/

%!  chooser(+M, -PI, -Head, -Spec) is nondet.
%
%   PI is the game's computer player in module M, Head its most general
%   call, Spec what lists its moves (sharing Head's arguments).

chooser(M, choose_move/Arity, Head, Spec) :-
    between(3, 6, Arity),
    arena_loop_watch:own(M, choose_move/Arity, Head),
    findall(H-G, listed_in(M, Head, H, G), Calls),
    (   shared(M, Head, Shared) -> true ; Shared = none ),
    ( Calls \== [] ; Shared \== none ),
    Spec = chooser(Head, Calls, Shared).

%   listed_in(+M, +Head, -H, -G): a clause H of Head's predicate whose
%   body calls G, a list of moves of the game's own, on what H is given.
listed_in(M, Head, H, G) :-
    functor(Head, Name, Arity),
    functor(H, Name, Arity),
    catch(clause(M:H, Body), _, fail),
    body_goal(Body, G),
    callable(G),
    functor(G, GName, GArity),
    GArity >= 2,
    lister(GName),
    arena_loop_watch:own(M, GName/GArity, _),
    G =.. [_|GArgs],
    append(In, [Ms], GArgs),
    var(Ms),
    H =.. [_|HArgs],
    append(HIn, [Form], HArgs),
    occurrences_of_var(Ms, HIn-Form, 0),
    term_variables(In, Vs),
    term_variables(HIn, HVs),
    forall(member(V, Vs), ( member(W, HVs), W == V )),
    term_variables(Form, FVs),
    \+ ( member(V, FVs), member(W, Vs), W == V ),
    !.

lister(Name) :-
    atom_codes(Name, Codes0),
    exclude(==(0'_), Codes0, Codes1),
    atom_codes(Joined, Codes1),
    downcase_atom(Joined, Lower),
    member(Part, [validmoves, possiblemoves, legalmoves, listofmoves]),
    sub_atom(Lower, _, _, _, Part),
    !.

body_goal(Var, _) :- var(Var), !, fail.
body_goal((A, B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal((A ; B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal((A -> B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal((A *-> B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal(_:A, G) :- !, body_goal(A, G).
body_goal(\+ _, _) :- !, fail.
body_goal(G, G).

%   shared(+M, +Head, -Shared): valid_moves/3 or /2 on choose_move's
%   state (and player), as Goal-Ms.
shared(M, choose_move(S, P, _, _), valid_moves(S, P, Ms)-Ms) :-
    arena_loop_watch:own(M, valid_moves/3, _),
    !.
shared(M, choose_move(S, _, _, _), valid_moves(S, Ms)-Ms) :-
    arena_loop_watch:own(M, valid_moves/2, _),
    !.
shared(M, choose_move(S, _, _), valid_moves(S, Ms)-Ms) :-
    arena_loop_watch:own(M, valid_moves/2, _).

%!  chooser_moves(+M, +Spec, -Moves) is semidet.
%
%   The moves the call Spec's head stands for chooses among, as its
%   move is written; fails where none are listed, or its move is given.

chooser_moves(M, chooser(Head, Calls, Shared), Moves) :-
    Head =.. [_|Args],
    append(In, [Move], Args),
    \+ ground(Move),
    (   member(H0-G0, Calls),
        copy_term(H0-G0, H-G),
        copy_term(In, In1),
        H =.. [_|HArgs],
        append(In1, [Form], HArgs),
        G =.. GArgs,
        last(GArgs, Ms),
        listed(M, G, Ms, Form, Move, Moves)
    ->  true
    ;   Shared = G-Ms,
        listed(M, G, Ms, Move, Move, Moves)
    ).

listed(M, G, Ms, Form, Move, Moves) :-
    catch(M:G, error(_, _), fail),
    is_list(Ms),
    convlist(as_move(Form, Move), Ms, Moves0),
    list_to_set(Moves0, Moves),
    Moves = [_|_].

%   as_move(+Form, +Move, +X, -Out): X, listed, as the move Out of the
%   player's Form that its call's Move takes.
as_move(Form, Move, X, Out) :-
    (   \+ X \= Form
    ->  Out = X
    ;   term_variables(Form, Vs),
        Vs \== [],
        leaves(X, Ls),
        length(Vs, N),
        length(Ls, N),
        copy_term(Vs-Form, Ls-Out)
    ),
    \+ Out \= Move.

%   leaves(+X, -Ls): the constants of ground X in order ([] ending a
%   list left out).
leaves(X, Ls) :-
    ground(X),
    phrase(leaves(X), Ls).

leaves([]) --> !.
leaves(X) --> { atomic(X) }, !, [X].
leaves(X) --> { X =.. [_|Args] }, leaves_all(Args).

leaves_all([]) --> [].
leaves_all([A|As]) --> leaves(A), leaves_all(As).
