% A sliding bot that writes a slide From-To instead of [From, To].
choose_move(State, _Level, From-To) :-
    valid_moves(State, [[From, To]|_]).
