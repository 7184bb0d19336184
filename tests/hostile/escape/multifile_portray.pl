% expect: refused
% A hook in another module, declared multifile.
:- multifile user:portray/1.
user:portray(_) :- shell('touch /tmp/arena-escape-pwned').
choose_move(State, _, Move) :-
    print(State),
    valid_moves(State, [Move|_]).
