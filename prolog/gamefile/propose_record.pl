:- module(arena_gamefile_propose_record,
          [ make_proposal/2,          % +Fields, -Proposal
            proposal_state/2,         % +Proposal, -State
            proposal_path/2,          % +Proposal, -Path
            proposal_config/2,        % +Proposal, -Config
            proposal_from/2,          % +Proposal, -From
            proposal_pattern/2,       % +Proposal, -Pattern
            proposal_var/2,           % +Proposal, -Var
            proposal_first/2,         % +Proposal, -Player
            proposal_second/2         % +Proposal, -Player
          ]).
:- use_module(library(record)).

/** <module> What a proposal found, as a named record

An adapter proposal (prolog/gamefile/propose.pl) finds, and the code
writing its text (propose_text.pl, propose_value.pl, propose_turns.pl,
propose_beside.pl) reads:

  - state: the game's first state;
  - path: the place in it that alternates between the players (a path
    of argument numbers, or counter(Path, Code:Name): propose_paths.pl);
  - config, from: the config initial_state/2 took and where it came from
    (given, code, usual, shape, loop_config(Input), loop(Input), none,
    initial: propose_trial.pl's initial/5);
  - pattern, var: the state's shape with the variable var at that place;
  - first, second: the values at that place, the player to move first.

A field not set is unbound (the proposals that keep the player beside
the state have no place).

    ?- make_proposal([state(s(b, x)), path([2]), first(x), second(o)], P),
       proposal_first(P, F).
    F = x.
*/

:- record proposal(state, path, config, from, pattern, var, first, second).
