% expect: refused arena_ai_connect4_search:
% A predicate of the search the game loads (prolog/ai/connect4_search.pl),
% reached through the game's module without naming it.
choose_move(S, _, M) :- search_move(S, 4, M).
