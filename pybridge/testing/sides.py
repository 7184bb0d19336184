"""The two sides of a cross-check: a game (built-in or file, through the
:class:`pybridge.Game` API) or a Python reference (the course's own code,
run in this process), each answering the same four questions of a
position in the reference's names for players and moves."""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Generic, Iterable, Mapping, Protocol, Sequence, TypeGuard, TypeVar, Union

from pybridge.errors import ArenaError
from pybridge.models import gamefile
from pybridge.games.game import Game, State, games, load_game
from pybridge.text import clean_display, clean_line
from pybridge.types import Dialect, ResultWord

#: How a game's move text becomes the reference's: a table or a function.
MoveMap = Union[Mapping[str, str], Callable[[str], str]]

#: A reference's state: whatever Python object the course's code uses.
S = TypeVar("S")
#: A side's position: a :class:`State` for a game, a reference's state.
P = TypeVar("P")

#: A side's own text is bounded to this in facts and reports.
TEXT_LIMIT = 200

#: What a Reference must define (``to_move`` and ``display`` are optional).
REFERENCE_METHODS = ("initial", "moves", "play", "winner")


class CrossCheckError(ArenaError, ValueError):
    """A cross-check cannot run: a side that does not load, or two sides
    whose players cannot be matched. The message says which and why."""


class Reference(Protocol[S]):
    """The rules of a game in Python, as a course writes them, its states
    of type ``S``. ``players`` first mover first; ``winner`` a player,
    ``"draw"`` or None while the game goes on. Optional:
    ``to_move(state) -> str`` and ``display(state) -> str``."""

    @property
    def players(self) -> Sequence[str]: ...

    def initial(self, options: dict[str, object]) -> S: ...
    def moves(self, state: S) -> list[str]: ...
    def play(self, state: S, move: str) -> S: ...
    def winner(self, state: S) -> str | None: ...


@dataclass(frozen=True)
class Facts:
    """What one side says of one position, in the reference's names."""

    winner: str | None  # a player or 'draw' once over, else None
    to_move: str | None  # None where the side does not say
    moves: frozenset[str]

    @property
    def over(self) -> bool:
        return self.winner is not None


class Named(Protocol):
    """A side as a report names it."""

    name: str
    players: tuple[str, ...]


class Side(Named, Protocol[P]):
    """One implementation of the rules, seen position by position, its
    positions of type ``P``."""

    def initial(self) -> P: ...
    def facts(self, position: P) -> Facts: ...
    def play(self, position: P, move: str) -> P: ...
    def own_move(self, position: P, move: str) -> str: ...
    def board(self, position: P) -> str | None: ...


class GameSide:
    """A :class:`Game`, its players and moves renamed by ``players`` and
    ``moves`` (game name -> reference name)."""

    def __init__(self, game: Game, *, players: Mapping[str, str] | None = None,
                 moves: MoveMap | None = None, name: str | None = None) -> None:
        self.game = game
        self.name = clean_line(name or _game_name(game), TEXT_LIMIT)
        self._players = dict(players or {})
        unknown = sorted(set(self._players) - set(game.players))
        if unknown:
            raise CrossCheckError(f"--players names {', '.join(map(repr, unknown))}, not a player "
                                  f"of {self.name} (players: {', '.join(game.players)})")
        self._moves = moves
        self.players = tuple(self._player(p) for p in game.players)
        # per position: the reference's move text -> the game's own
        self._own: dict[str, dict[str, str]] = {}

    def _player(self, player: str) -> str:
        return self._players.get(player, player)

    def _move(self, move: str) -> str:
        if self._moves is None:
            return move
        if callable(self._moves):
            return str(self._moves(move))
        return self._moves.get(move, move)

    def initial(self) -> State:
        self.game.begin()
        return self.game.initial_state()

    def facts(self, position: State) -> Facts:
        moves = position.valid_moves()
        over = position.game_over()
        if len(set(moves)) < len(moves):
            raise CrossCheckError(f"valid_moves/2 lists a move twice: "
                                  f"{clean_line(' '.join(moves), TEXT_LIMIT)}")
        own = {self._move(m): m for m in moves}
        if len(own) < len(moves):
            raise CrossCheckError(f"the move mapping gives two of {self.name}'s moves one name: "
                                  f"{clean_line(' '.join(moves), TEXT_LIMIT)}")
        self._own = {str(position): own}
        winner = None if over is None else over if over == ResultWord.DRAW else self._player(over)
        to_move = None if over is not None else self._player(position.current_player)
        return Facts(winner, to_move, frozenset(own))

    def own_move(self, position: State, move: str) -> str:
        own = self._own.get(str(position))
        if own is None:
            self.facts(position)
            own = self._own[str(position)]
        return own.get(move, move)

    def play(self, position: State, move: str) -> State:
        return position.move(self.own_move(position, move))

    def board(self, position: State) -> str | None:
        text = position.display(color=False)
        return clean_display(text, 4000) if text.strip() else None


def reference_problem(reference: object) -> str | None:
    """Why ``reference`` is no :class:`Reference` (a method it lacks,
    players that are not names), or None."""
    missing = [m for m in REFERENCE_METHODS if not callable(getattr(reference, m, None))]
    if missing:
        return (f"the reference {type(reference).__name__} has no {', '.join(missing)} (a "
                "Reference has players, initial(options), moves(state), play(state, move), "
                "winner(state))")
    players = getattr(reference, "players", None)
    if (not isinstance(players, (tuple, list)) or len(players) < 2
            or not all(isinstance(p, str) for p in players)):
        return (f"the reference {type(reference).__name__}.players must be the player names, "
                f"first mover first, not {players!r}")
    return None


def is_reference(reference: object) -> TypeGuard[Reference[object]]:
    return reference_problem(reference) is None


class ReferenceSide(Generic[S]):
    """A Python :class:`Reference`, started with the game's options."""

    def __init__(self, reference: Reference[S], options: Mapping[str, object],
                 name: str | None = None) -> None:
        problem = reference_problem(reference)
        if problem is not None:
            raise CrossCheckError(problem)
        self.reference = reference
        self.name = clean_line(name or type(reference).__name__, TEXT_LIMIT)
        self.players = tuple(reference.players)
        self.options = dict(options)
        self._to_move = getattr(reference, "to_move", None)
        self._display = getattr(reference, "display", None)

    def initial(self) -> S:
        return self.reference.initial(dict(self.options))

    def facts(self, position: S) -> Facts:
        winner = self.reference.winner(position)
        moves = [str(m) for m in self.reference.moves(position)]
        to_move = None
        if winner is None and callable(self._to_move):
            to_move = str(self._to_move(position))
        return Facts(None if winner is None else str(winner), to_move, frozenset(moves))

    def own_move(self, position: S, move: str) -> str:
        return move

    def play(self, position: S, move: str) -> S:
        return self.reference.play(position, move)

    def board(self, position: S) -> str | None:
        text = self._display(position) if callable(self._display) else repr(position)
        return clean_display(text, 4000)


class _ToMove(Protocol):  # a state that names its player to move
    @property
    def to_move(self) -> object: ...


#: A :class:`Configured` reference's state: one with ``to_move``.
T = TypeVar("T", bound=_ToMove)


class Rules(Protocol[T]):
    """A course's rules class, as :class:`Configured` uses it."""

    @property
    def players(self) -> Iterable[str]: ...

    def initial(self) -> T: ...
    def moves(self, state: T) -> Iterable[str]: ...
    def play(self, state: T, move: str) -> T: ...
    def winner(self, state: T) -> str | None: ...


class Configured(Generic[T]):
    """A reference whose rules class takes the game's options as keyword
    arguments (``Trike(size=5)``) and whose states have ``to_move``::

        class Reference(Configured):
            rules = Trike
    """

    #: The rules class (a class attribute): called with the options.
    rules: Callable[..., Rules[T]]

    def __init__(self) -> None:
        self._rules = self.rules()
        self.players = tuple(self._rules.players)

    def initial(self, options: dict[str, object] | None = None) -> T:
        self._rules = self.rules(**(options or {}))
        return self._rules.initial()

    def moves(self, state: T) -> list[str]:
        return list(self._rules.moves(state))

    def play(self, state: T, move: str) -> T:
        return self._rules.play(state, move)

    def winner(self, state: T) -> str | None:
        return self._rules.winner(state)

    def to_move(self, state: T) -> str:
        return str(state.to_move)


def start_side(side: Side[P]) -> P:
    try:
        return side.initial()
    except Exception as exc:  # no initial state: nothing to compare
        raise CrossCheckError(f"{side.name}: no initial state: {error_text(exc)}") from None


def ask(facts: Callable[[P], Facts], position: P) -> tuple[Facts | None, str | None]:
    try:
        return facts(position), None
    except Exception as exc:  # a rule that throws is what the report shows
        return None, error_text(exc)


def error_text(exc: Exception) -> str:
    return clean_line(f"{type(exc).__name__}: {exc}", TEXT_LIMIT * 2)


def board_of(side: Side[P], position: P) -> str | None:
    try:
        return side.board(position)
    except Exception:  # a display that fails shows no board
        return None


def _game_name(game: Game) -> str:
    return str(game.file.path) if game.file is not None else str(game.id)


def as_game(game: Game | str | Path, options: Mapping[str, object] | None = None, *,
            config: str | None = None, dialect: Dialect = Dialect.AUTO) -> Game:
    """``game`` loaded: a :class:`Game` as it is (``options`` must then be
    None), else a built-in id or a game file's path with ``options``."""
    if isinstance(game, Game):
        if options:
            raise CrossCheckError("options are given with a loaded Game: load it with them")
        return game
    from pybridge.games.game import load_game_file

    spec = str(game)
    try:
        if spec not in games() and gamefile.names_file(spec):
            return load_game_file(spec, dialect=dialect, config=config, **dict(options or {}))
        if config is not None:
            raise CrossCheckError(f"--config is for game files; {spec} is a built-in game")
        return load_game(spec, **dict(options or {}))
    except CrossCheckError:
        raise
    except ArenaError as exc:
        raise CrossCheckError(f"{clean_line(spec, TEXT_LIMIT)}: {exc}") from None


def is_python_file(spec: object) -> bool:
    return isinstance(spec, (str, Path)) and str(spec).endswith(".py")


def load_python_file(path: str | Path, what: str = "reference") -> types.ModuleType:
    """The module of the Python file at ``path`` (the caller's own code:
    run in this process); CrossCheckError if it is missing or fails."""
    file = Path(path)
    if not file.is_file():
        raise CrossCheckError(f"{what} {clean_line(str(path), TEXT_LIMIT)}: no such file")
    name = "arena_" + what + "_" + hashlib.sha256(str(file.resolve()).encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise CrossCheckError(f"{what} {file}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    # the file may import its neighbours, as a script run there does
    if str(file.resolve().parent) not in sys.path:
        sys.path.insert(0, str(file.resolve().parent))
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the caller's code: any error is its own
        del sys.modules[name]
        raise CrossCheckError(f"{what} {file}: {type(exc).__name__}: {exc}") from None
    return module


def load_reference_file(path: str | Path) -> object:
    """An instance of the class ``Reference`` of the Python file at ``path``."""
    cls = getattr(load_python_file(path), "Reference", None)
    if cls is None or not callable(cls):
        raise CrossCheckError(f"reference {path} defines no class Reference")
    try:
        reference: object = cls()
    except Exception as exc:
        raise CrossCheckError(f"reference {path}: Reference() raised "
                              f"{type(exc).__name__}: {exc}") from None
    return reference


def reference_side(reference: object, game: Game, options: Mapping[str, object], *,
                   name: str | None = None) -> GameSide | ReferenceSide[object]:
    """The side ``reference`` names: a Python file (``.py``), a built-in
    id, a game file, a :class:`Game`, or a Reference object. Of the
    ``options`` given, a game takes the ones it has (CrossCheckError names
    one that neither side has); a Python reference gets the game's
    options and those the game does not have."""
    if isinstance(reference, (str, Path)) and not is_python_file(reference):
        base = as_game(reference)
        own = {o.name for o in base.option_specs}
        taken = {k: v for k, v in options.items() if k in own}
        _refuse_unknown(options, own | set(game.options), f"{game.id} or {reference}")
        return GameSide(as_game(reference, taken) if taken else base, name=name)
    if isinstance(reference, Game):
        _refuse_unknown(options, set(game.options), game.id)
        return GameSide(reference, name=name)
    everything = {**game.options, **{k: v for k, v in options.items() if k not in game.options}}
    if isinstance(reference, (str, Path)):  # a Python file: the others are games
        return _reference_side(load_reference_file(reference), everything, name or str(reference))
    if inspect.isclass(reference):
        raise CrossCheckError(f"give a Reference object, not the class {reference.__name__}")
    return _reference_side(reference, everything, name)


def _reference_side(reference: object, options: Mapping[str, object],
                    name: str | None) -> ReferenceSide[object]:
    if not is_reference(reference):
        raise CrossCheckError(str(reference_problem(reference)))
    return ReferenceSide(reference, options, name)


def _refuse_unknown(options: Mapping[str, object], known: set[str], sides: str) -> None:
    unknown = sorted(set(options) - known)
    if unknown:
        raise CrossCheckError(f"unknown option {', '.join(unknown)}: neither {clean_line(sides, 400)} "
                              "has it")


def game_options(game: Game | str | Path, options: Mapping[str, object], *,
                 config: str | None = None, dialect: Dialect = Dialect.AUTO) -> Game:
    """The game loaded with those of ``options`` it has (all of them for
    a loaded :class:`Game`: they are the reference's)."""
    if isinstance(game, Game):
        return game
    base = as_game(game, config=config, dialect=dialect)
    own = {o.name for o in base.option_specs}
    mine = {k: v for k, v in options.items() if k in own}
    return as_game(game, mine, config=config, dialect=dialect) if mine else base
