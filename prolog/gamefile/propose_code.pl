:- module(arena_gamefile_propose_code,
          [ code_clause/3,            % ?Code, ?Head, -Body
            code_config/2,            % +Code, -Config
            shape_config/2,           % +Code, -Config
            winner_term/2,            % +Code, -Winner
            text_has/2,               % +Term, +Words
            several_clauses/2,        % +Code, +Head
            level_term/2,             % +Code, -Level
            list_to_set_v/2,          % +List, -Set
            value_players/5,          % +Code, +Atoms, +P0, +P1, -Map
            asserted_fact/2,          % +Code, -Fact
            loop_ends/4,              % +Code, +S0, +Winners, -Ends
            loop_count/4,             % +Code, -Start, -Count, -Step
            config_goal/3,            % +Code, -Given, -Config
            adapter_header/1,         % +FileBase
            colour_term/3,            % +Code, +Pairs, -Term
            fact_winner/4,            % +Code, +Term, +Pairs, -Who
            var_choices/4             % +Code, +Body, +Var, -Var-Values
          ]).
:- reexport('../contract', [defines/2]).
:- reexport(propose_quiet).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(memo, [renamed_head/2, own_clause/3]).

/** <module> The adapter proposal's reading of the game's own code

What a proposed adapter takes from the game's code (prolog/gamefile/propose.pl):
the configs its play/0 passes to initial_state/2, the shape initial_state/2
takes apart, game_over/2's winner terms, choose_move's AI levels, the names
value/3 gives the players and the facts its menu asserts. The quiet,
time-limited call of its predicates the trial games use is
propose_quiet.pl's, exported here too.
*/

%   code_config(+Code, -Config): a ground config the game's own code
%   passes to initial_state/2 (its play/0 or menu).
code_config(Code, Config) :-
    code_clause(Code, _, Body),
    sub_term(Call, Body),
    compound(Call),
    Call = initial_state(Config, _),
    ground(Config).

%   shape_config(+Code, -Config): the term initial_state/2's first clause
%   takes apart ([Type, Size, Level, Mode], Size-Mode): first a fact of
%   the game's own that holds such a term (a default or demo config),
%   then its variables filled: one the rule passes to a predicate of
%   facts (map_game_type(Type, ...)) with those facts' values, a board
%   size in one place and 1 elsewhere.
shape_config(Code, Config) :-
    once(( code_clause(Code, initial_state(C0, _), Body),
           shape(C0, Body, Shape)
         )),
    term_variables(Shape, Vars),
    Vars \== [],
    (   fact_config(Code, Shape, Config)
    ;   maplist(var_choices(Code, Body), Vars, Choices),
        free_vars(Choices, Free),
        length(Free, N),
        member(Size, [8, 6, 5, 7, 9, 10, 4, 3]),
        between(1, N, I),
        copy_term(Choices-Shape, Cs-Config),
        free_vars(Cs, Vs),
        nth1(I, Vs, Size),
        maplist(choose_value, Cs)
    ).

free_vars([], []).
free_vars([V-Values|Cs], Vs) :-
    (   Values == []
    ->  Vs = [V|Vs1]
    ;   Vs = Vs1
    ),
    free_vars(Cs, Vs1).

%   fact_config(+Code, +Shape, -Config): a ground term of that shape in a
%   fact (default_config(config(8, pc))), else in a rule (a menu's call).
fact_config(Code, Shape, Config) :-
    compound(Shape),
    (   code_clause(Code, Head, true), compound(Head), arg(_, Head, Config)
    ;   code_clause(Code, _, Body), Body \== true, sub_term(Config, Body), compound(Config)
    ),
    ground(Config),
    subsumes_term(Shape, Config).

%   var_choices(+Code, +Body, +Var, -Var-Values): the values the facts of
%   a predicate Body passes Var to have in that place, through up to two
%   rules that pass it on ([] when none).
var_choices(Code, Body, V, V-Values) :-
    findall(X, passed_value(Code, Body, V, 2, X), Xs),
    list_to_set(Xs, Values).

passed_value(Code, Body, V, Depth, X) :-
    sub_term(G, Body),
    compound(G),
    G \= (_ = _),
    arg(K, G, A),
    A == V,
    functor(G, F, Ar),
    functor(H, F, Ar),
    \+ predicate_property(Code:H, built_in),
    \+ predicate_property(Code:H, imported_from(_)),
    code_clause(Code, H, B),
    arg(K, H, X0),
    (   ground(X0)
    ->  X = X0
    ;   var(X0),
        Depth > 0,
        B \== true,
        D1 is Depth - 1,
        passed_value(Code, B, X0, D1, X)
    ).

choose_value(V-Values) :-
    (   Values == []
    ->  one_if_free(V)
    ;   member(V, Values)
    ).

shape(C0, _, C0) :-
    nonvar(C0), !.
shape(C0, Body, Shape) :-
    sub_term(G, Body),
    compound(G),
    G = (A = B),
    (   A == C0, nonvar(B)
    ->  Shape = B
    ;   B == C0, nonvar(A)
    ->  Shape = A
    ),
    !.

one_if_free(V) :-
    (   var(V) -> V = 1 ; true ).

%   code_clause(?Code, ?Head, -Body): a clause of the game's own code
%   (the renamed rules' as the file wrote them: memo.pl).
code_clause(Code, Head, Body) :-
    (   var(Head)
    ->  current_predicate(Code:Name/Arity),
        \+ ( renamed_head(_, Own), functor(Own, Name, Arity) ),
        functor(Head, Name, Arity)
    ;   true
    ),
    own_clause(Code, Head, Body).

%   winner_term(+Code, -W): a ground winner game_over/2's clauses give,
%   in the head or bound in the body (Winner = white).
winner_term(Code, W) :-
    code_clause(Code, game_over(_, W0), Body),
    (   ground(W0)
    ->  W = W0
    ;   var(W0),
        sub_term(G, Body),
        compound(G),
        G = (A = B),
        (   A == W0 -> W = B ; B == W0 -> W = A ),
        ground(W)
    ).

%   text_has(+W, +Words): W, written, holds one of Words (any case).
text_has(W, Words) :-
    term_to_atom(W, A0),
    downcase_atom(A0, A),
    member(Word0, Words),
    atom(Word0),
    downcase_atom(Word0, Word),
    sub_atom(A, _, _, _, Word),
    !.

%   several_clauses(+Code, +Head): Head's predicate has more than one
%   clause: more than one may answer, or a clause that cuts may leave a
%   choice point of a rule it calls.
several_clauses(Code, Head) :-
    findall(B, code_clause(Code, Head, B), [_, _|_]).

%   value_players(+Code, +Atoms, +P0, +P1, -Map): where value/3's
%   clauses name the players with other atoms (b and w for 'Black' and
%   'White', each the start of one player's name), [P0-B, P1-W]; else
%   none.
value_players(Code, true, P0, P1, [P0-A0, P1-A1]) :-
    findall(A, ( code_clause(Code, value(_, A, _), _), atom(A),
                 A \== P0, A \== P1 ), As0),
    sort(As0, As),
    As \== [],
    prefix_of(As, P0, A0),
    prefix_of(As, P1, A1),
    A0 \== A1,
    !.
value_players(_, _, _, _, none).

prefix_of(As, P, A) :-
    downcase_atom(P, LP),
    findall(A1, ( member(A1, As), downcase_atom(A1, LA), sub_atom(LP, 0, _, _, LA) ), [A]).

level_term(Code, L) :-
    (   defines(Code, choose_move/3)
    ->  code_clause(Code, choose_move(_, L, _), _)
    ;   defines(Code, choose_move/4)
    ->  code_clause(Code, choose_move(_, _, L, _), _)
    ).

list_to_set_v(L0, L) :-
    foldl(add_variant, L0, [], L).

%   add_variant(+X, +A0, -A): A0 with X added unless a variant is in it.
add_variant(X, A0, A) :-
    (   member(Y, A0),
        Y =@= X
    ->  A = A0
    ;   append(A0, [X], A)
    ).

%   asserted_fact(+Code, -Fact): a fact the code asserts whose predicate
%   has no clause when the game is loaded (a menu's setting).
asserted_fact(Code, Fact) :-
    code_clause(Code, _, Body),
    sub_term(G, Body),
    compound(G),
    G =.. [A, Fact0],
    memberchk(A, [assert, asserta, assertz]),
    (   Fact0 = _:Fact -> true ; Fact = Fact0 ),
    callable(Fact),
    functor(Fact, N, Ar),
    functor(H, N, Ar),
    \+ catch(clause(Code:H, _), _, fail).

%   loop_ends(+Code, +S0, +Winners, -Ends): the game loop's own ends: the
%   loop is a predicate, not one of the contract's, that calls itself and
%   one of whose clauses passes its argument I to game_over/2; Ends are end(Name/Arity, Pattern, Winner) for each of
%   its other clauses whose argument I is a pattern (not S0's shape),
%   that neither calls the loop again nor game_over/2, and whose body
%   names one of Winners (`show_winner(draw)`).
loop_ends(Code, S0, Winners, Ends) :-
    (   code_clause(Code, Loop, Body),
        compound(Loop),
        functor(Loop, Name, Arity),
        \+ contract_name(Name),
        sub_term(Call, Body),
        compound(Call),
        Call = game_over(X, _),
        var(X),
        arg(I, Loop, Y),
        Y == X,
        functor(Again, Name, Arity),
        code_clause(Code, Again, BodyAgain),       % a loop: it calls itself
        sub_term(G0, BodyAgain),
        compound(G0),
        functor(G0, Name, Arity)
    ->  findall(end(Name/Arity, Pattern, Winner),
                ( functor(Head, Name, Arity),
                  code_clause(Code, Head, Body1),
                  arg(I, Head, Pattern),
                  nonvar(Pattern),
                  \+ S0 = Pattern,
                  \+ ( sub_term(G, Body1), compound(G),
                        ( functor(G, Name, Arity) ; G = game_over(_, _) ) ),
                  once(( sub_term(Winner, Body1), atom(Winner),
                         memberchk(Winner, Winners) ))
                ),
                Ends)
    ;   Ends = []
    ).

contract_name(Name) :-
    memberchk(Name, [initial_state, valid_moves, move, game_over, value, choose_move,
                     display_game, current_player, players]).

%   loop_count(+Code, -Start, -Count, -Step): the loop (a predicate of
%   the game's own that calls itself) passes its argument J to
%   game_over/3 third; its recursive call passes Count + Step there; the
%   clause that first calls the loop gives J by Start (`total_pieces(T)`,
%   a predicate of the game's own that answers an integer) or as a
%   number.
loop_count(Code, Start, Count, Step) :-
    code_clause(Code, Loop, Body),
    compound(Loop),
    functor(Loop, Name, Arity),
    sub_term(G, Body), compound(G), G = game_over(_, _, T), var(T),
    arg(J, Loop, T1), T1 == T,
    functor(Again, Name, Arity),
    code_clause(Code, Again, Body2),
    arg(J, Again, TL), var(TL),
    sub_term(Rec, Body2), compound(Rec), functor(Rec, Name, Arity),
    arg(J, Rec, TN), var(TN), TN \== TL,
    sub_term(Is, Body2), compound(Is), Is = (TN2 is E), TN2 == TN,
    step(E, TL, Step),
    code_clause(Code, Caller, Body3),
    \+ functor(Caller, Name, Arity),
    sub_term(Call, Body3), compound(Call), functor(Call, Name, Arity),
    arg(J, Call, TS),
    (   integer(TS)
    ->  Start = true, Count = TS
    ;   var(TS),
        given_by(Code, Body3, Call, TS, Start),
        \+ \+ ( quiet(Code:Start), integer(TS) ),
        Count = TS
    ),
    !.

step(X - K, T, Step) :- X == T, integer(K), Step is -K.
step(X + K, T, K) :- X == T, integer(K).

%   config_goal(+Code, -Given, -Config): the game's own code calls
%   initial_state(Config, _) with Config given by the goal Given of the
%   same clause (`size(Size)`, a fact of its menu) that answers here.
config_goal(Code, Given, Config) :-
    code_clause(Code, _, Body),
    sub_term(Call, Body), compound(Call), Call = initial_state(Config, _),
    var(Config),
    given_by(Code, Body, Call, Config, Given),
    \+ \+ quiet(Code:Given),
    !.

%   given_by(+Code, +Body, +Call, +Var, -Given): a goal of Body other than
%   Call that names Var, a predicate of the game's own (a menu fact, not
%   I/O).
given_by(Code, Body, Call, Var, Given) :-
    sub_term(Given, Body), compound(Given), Given \== Call,
    \+ functor(Given, ',', 2),
    arg(_, Given, A), A == Var,
    functor(Given, Name, Arity),
    defines(Code, Name/Arity).

%   colour_term(+Code, +Pairs, -X): a term a fact of the game relates to
%   one player alone (its colour), a winner term game_over/2 may give.
colour_term(Code, Pairs, X) :-
    member(P-_, Pairs),
    code_clause(Code, Fact, true),
    compound(Fact),
    Fact =.. [_, A, B],
    (   B == P, X = A
    ;   A == P, X = B
    ),
    atom(X),
    \+ memberchk(X-_, Pairs),
    X \== draw,
    fact_winner(Code, X, Pairs, _).

%   fact_winner(+Code, +W, +Pairs, -Who): a fact of the game relates the
%   winner term W to one player alone (player_piece(red, player1)).
fact_winner(Code, W, Pairs, Who) :-
    findall(N, ( member(P-N, Pairs),
                 code_clause(Code, Fact, true),
                 compound(Fact),
                 Fact =.. [_, A, B],
                 (   A == W, B == P
                 ;   A == P, B == W
                 ) ), Ns),
    sort(Ns, [Who]).

%!  adapter_header(+FileBase) is det.
%
%   The lines a proposed adapter starts with: what it is, then the
%   consult of the game's file.

adapter_header(FileBase) :-
    format("% The arena's adapter for ~w, proposed by `arena check-game`.~n", [FileBase]),
    format("% It plays the file unchanged and adds what the arena needs. Lines marked~n"),
    format("% GUESS were inferred from a few legal moves: confirm them against the~n"),
    format("% game's code, then run `arena check-game` on this file.~n~n"),
    format(":- consult(~q).~n~n", [FileBase]).
