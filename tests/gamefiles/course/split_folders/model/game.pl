% Nim (take 1 to 3, taking the last wins) in folders of its own, loaded
% as SICStus on Windows or macOS loads them: one folder named with
% another case ('../Control' for control/), each include relative to
% the file that holds it.
:- include('../Control/rules.pl').
:- consult('../view/show').

play :-
    initial_state(_, S),
    display_game(S).
