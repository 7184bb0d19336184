:- module(arena_gamefile_paths,
          [ game_root/2,              % +File, -Root
            spec_path/3               % +Spec, +Dir, -Path
          ]).
:- use_module(library(lists)).

/** <module> Where a game's files are

The folder a game may load its files from, and the file a load
directive names, for prolog/gamefile/read.pl.
*/

%!  game_root(+File, -Root) is det.
%
%   The folder the game of File may load files from: its host's
%   ARENA_GAME_ROOT, the folder pybridge/models/sources.py found (and a
%   jail mounts), where File lies in it; else File's own folder.

game_root(File, Root) :-
    (   getenv('ARENA_GAME_ROOT', Root0),
        atom_concat(Root0, '/', Prefix),
        sub_atom(File, 0, _, _, Prefix)
    ->  Root = Root0
    ;   file_directory_name(File, Root)
    ).

%!  spec_path(+Spec, +Dir, -Path) is semidet.
%
%   The Prolog file Spec names from Dir; where none, the one file whose
%   path differs from it only in case ('../View/board' for view/board.pl,
%   as a student on Windows or macOS wrote it, and SICStus read it there).

spec_path(Spec, Dir, Path) :-
    (   absolute_file_name(Spec, Path0,
                           [ relative_to(Dir), file_type(prolog),
                             access(read), file_errors(fail)
                           ])
    ->  Path = Path0
    ;   member(Ext, ['', '.pl', '.prolog', '.pro']),
        atom_concat(Spec, Ext, Name),
        absolute_file_name(Name, Wanted, [relative_to(Dir)]),
        atomic_list_concat(['', First|Parts], '/', Wanted),
        case_blind(Parts, First, '', Path),
        exists_file(Path)
    ->  true
    ).

%   case_blind(+Parts, +Part, +Above, -Path): Above/Part, each part the
%   entry of its folder of that name, or the one that differs in case.
case_blind(Parts, Part, Above, Path) :-
    atomic_list_concat([Above, '/', Part], Exact),
    (   exists_file(Exact) ; exists_directory(Exact) ),
    !,
    case_blind_(Parts, Exact, Path).
case_blind(Parts, Part, Above, Path) :-
    (   Above == '' -> Folder = '/' ; Folder = Above ),
    catch(directory_files(Folder, Entries), _, fail),
    downcase_atom(Part, Lower),
    findall(E, ( member(E, Entries), downcase_atom(E, Lower) ), [Entry]),
    atomic_list_concat([Above, '/', Entry], Found),
    case_blind_(Parts, Found, Path).

case_blind_([], Path, Path).
case_blind_([Part|Parts], Above, Path) :-
    case_blind(Parts, Part, Above, Path).
