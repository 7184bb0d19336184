:- module(arena_ai_mcts_parallel,
          [ parallel_search/6,        % :Search, +Root0, -Root, +Deadline, -Iterations, -Helper
            merged/5                  % +Helper, +Children, +Iterations0, -Merged, -Iterations
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(unix), [fork/1, pipe/2, wait/2, kill/2]).

/** <module> Root parallelism for the general search (prolog/ai/mcts.pl)

The same search from the same tree runs at once in a copy of this
process (fork/1) with a seed of its own; only the root's counts come
back, through a pipe, as lines of text (never read as terms):

    iterations N
    I Visits Wins Status        % I the move's place in the root's moves

Root parallelism needs no shared memory, which separate processes do
not have (leaf or tree parallelism would need one tree for both). The
copy calls no time limit (a forked process has no alarm thread) and
writes nothing but its answer; it is killed once answered or late.
Never used in a process that embeds Prolog in another program.
*/

:- meta_predicate parallel_search(0, +, -, +, -, -).

%!  parallel_search(:Search, +Root0, -Root, +Deadline, -Iterations, -Helper) is det.
%
%   Runs Search (which makes Root from Root0 in Iterations) here and in
%   a copy. Helper is helped(Iterations, Deltas), Deltas Move-delta(Visits,
%   Wins, Status) of the copy's root moves beyond Root0, or none when
%   the copy could not start or did not answer by 0.05 s past Deadline.

parallel_search(Search, Root0, Root, Deadline, Iterations, Helper) :-
    flush_output(user_output),
    flush_output(user_error),
    root_moves(Root0, Moves),
    (   catch(( pipe(Read, Write), fork(Pid) ), _, fail)
    ->  (   Pid == child
        ->  close(Read),
            helper_search(Search, Moves, Root0, Root, Iterations, Write)
        ;   close(Write),
            setup_call_cleanup(
                true,
                ( call(Search),
                  helper_answer(Read, Moves, Root, Deadline, Helper)
                ),
                reap(Read, Pid))        % also when the search throws
        )
    ;   call(Search),
        Helper = none
    ).

%   root_moves(+Root, -Moves): every move of the root, tried or not.
root_moves(node(_, _, _, Untried, Children, _), Moves) :-
    pairs_keys(Children, Tried),
    (   is_list(Untried)
    ->  append(Tried, Untried, Moves)
    ;   Moves = Tried
    ).

helper_search(Search, Moves, Root0, Root, Iterations, Write) :-
    catch(( set_random(seed(random)),
            call(Search),
            Root0 = node(_, _, _, _, Children0, _),
            Root = node(_, _, _, _, Children, _),
            format(Write, "iterations ~d~n", [Iterations]),
            forall(member(Move-node(V, W, S, _, _, _), Children),
                   (   nth1(I, Moves, Move),
                       delta(Children0, Move, V, W, DV, DW)
                   ->  format(Write, "~d ~d ~w ~w~n", [I, DV, DW, S])
                   ;   true
                   )),
            close(Write)
          ),
          _,
          true),
    halt(0).

delta(Children0, Move, V, W, DV, DW) :-
    (   memberchk(Move-node(V0, W0, _, _, _, _), Children0)
    ->  DV is V - V0,
        DW is W - W0
    ;   DV = V,
        DW = W
    ).

helper_answer(Read, Moves, Root, Deadline, Helper) :-
    get_time(Now),
    (   Root = node(_, _, open, _, _, _)
    ->  Wait is max(0.0, Deadline - Now) + 0.05
    ;   Wait = 0.0                      % proven here: no need of the copy
    ),
    length(Moves, K),
    (   catch(( wait_for_input([Read], [_], Wait),
                read_line_to_string(Read, First),
                split_string(First, " ", "", ["iterations", NText]),
                number_string(N, NText),
                integer(N),
                answer_lines(Read, Moves, K, Deltas)
              ), _, fail)
    ->  Helper = helped(N, Deltas)
    ;   Helper = none
    ).

%   answer_lines(+Read, +Moves, +Left, -Deltas): at most one line a move.
answer_lines(Read, Moves, Left, Deltas) :-
    read_line_to_string(Read, Line),
    (   Line == end_of_file
    ->  Deltas = []
    ;   Left > 0,
        split_string(Line, " ", "", [IText, VText, WText, SText]),
        number_string(I, IText),
        number_string(V, VText),
        number_string(W, WText),
        atom_string(S, SText),
        memberchk(S, [open, win, loss]),
        nth1(I, Moves, Move)
    ->  Deltas = [Move-delta(V, W, S)|Deltas1],
        Left1 is Left - 1,
        answer_lines(Read, Moves, Left1, Deltas1)
    ;   fail
    ).

%   reap(+Read, +Pid): the copy ended, done or late (its halt/1 would
%   take 10 to 20 ms of cleanup), and waited for.
reap(Read, Pid) :-
    catch(close(Read), _, true),
    catch(kill(Pid, kill), _, true),
    catch(wait(Pid, _), _, true).

%!  merged(+Helper, +Children, +Iterations0, -Merged, -Iterations) is det.
%
%   The root's children with the helper's visits and wins added; a
%   result proven by either search holds.

merged(none, Children, I, Children, I).
merged(helped(HI, Deltas), Children, I0, Merged, I) :-
    I is I0 + HI,
    maplist(merged_child(Deltas), Children, Merged0),
    findall(M-node(V, W, S, [], [], 0.5),
            ( member(M-delta(V, W, S), Deltas),
              V > 0,
              \+ memberchk(M-_, Children)
            ),
            New),
    append(Merged0, New, Merged).

merged_child(Deltas, Move-node(V0, W0, S0, U, C, H), Move-node(V, W, S, U, C, H)) :-
    (   memberchk(Move-delta(DV, DW, DS), Deltas)
    ->  V is V0 + DV,
        W is W0 + DW,
        (   S0 == open
        ->  S = DS
        ;   S = S0
        )
    ;   V = V0,
        W = W0,
        S = S0
    ).
