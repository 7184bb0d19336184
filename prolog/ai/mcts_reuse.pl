:- module(arena_ai_mcts_reuse,
          [ root_node/5,              % +Reuse, +Game, +State, +Moves, -Root
            keep_tree/4,              % +Game, +State, +Root, +Deadline
            lateness/2,               % +Reuse, -Seconds
            mcts_forget/0             % forget the tree kept for reuse
          ]).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(random)).

/** <module> The tree the general search keeps from one move to the next

prolog/ai/mcts.pl with reuse(true) starts from the subtree of the last
search's tree (kept per process, with its game) that matches the
position, and keeps its new tree; keeping it is a copy no clock stops,
so the next search stops sooner by how late the last one ended.
*/

%!  keep_tree(+Game, +State, +Root, +Deadline) is det.
%
%   Keeps Root, the tree of State, and how late after Deadline that is.

keep_tree(Game, State, Root, Deadline) :-
    nb_setval(mcts_kept_tree, kept(Game, State, Root)),
    get_time(End),
    Over is max(0, End - Deadline),
    nb_setval(mcts_late_seconds, Over).

%!  lateness(+Reuse, -Seconds) is det.
%
%   How much sooner than its deadline a search that keeps its tree
%   stops: 1.5 x how late the last one ended (its last ply, one call of
%   slow rules or many, and the copy of the tree, that no clock stops).
lateness(Reuse, Seconds) :-
    (   Reuse == true,
        nb_current(mcts_late_seconds, Last),
        number(Last)
    ->  Seconds is 1.5 * Last
    ;   Seconds = 0
    ).

%!  mcts_forget is det.
%
%   Forget the tree kept by a search with reuse(true).

mcts_forget :-
    nb_setval(mcts_kept_tree, none),
    nb_setval(mcts_late_seconds, 0).

%!  root_node(+Reuse, +Game, +State, +Moves, -Root) is det.
%
%   The kept node of State (its moves kept to Moves), else a new one.

root_node(Reuse, Game, State, Moves, Root) :-
    (   Reuse == true,
        nb_current(mcts_kept_tree, kept(Game, State0, Node0)),
        kept_subtree(Game, State0, Node0, State, Node),
        Node = node(V, W, open, Untried0, Children0, H),
        Untried0 \= terminal(_),
        Node = node(_, _, _, _, _, H)
    ->  include(member_of(Moves), Untried0, Untried),
        include(key_member_of(Moves), Children0, Children),
        Root = node(V, W, open, Untried, Children, H)
    ;   random_permutation(Moves, Untried),
        Root = node(0, 0, open, Untried, [], 0.5)
    ).

member_of(List, X) :-
    memberchk(X, List).

key_member_of(List, X-_) :-
    memberchk(X, List).

%   kept_subtree: the node of State in a tree rooted at State0: the root
%   itself, or a grandchild (the search's move and the reply).
kept_subtree(_, State0, Node, State, Node) :-
    State0 == State,
    !.
kept_subtree(Game, State0, node(_, _, _, _, Children, _), State, Node) :-
    member(M1-node(_, _, _, _, Grand, _), Children),
    Game:move(State0, M1, State1),
    member(M2-Node, Grand),
    Game:move(State1, M2, State2),
    State2 == State,
    !.

