"""Games and their immutable states, over the Prolog rules.

A :class:`State` is its canonical text (``~q``) and its game; moves are
texts in the game's notation. The game's rules compute everything through
:mod:`pybridge.engine.interface`: a built-in game in this process's Prolog,
a game file in its own jailed process (:mod:`pybridge.host.game_host`)."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Mapping

from pybridge.engine import _prolog
from pybridge.host import game_registry
from pybridge.host.game_engine import HostEngine
from pybridge.models import gamefile
from pybridge.engine._prolog import PROLOG_DIR
from pybridge.engine.interface import GameEngine, InProcessEngine, Search
from pybridge.models.options import Option, OptionValue, coerce as _coerce, option_message as _option_message
from pybridge.errors import (GameRuleError, IllegalMoveError, NoMoveError, OptionError,
                             PrologValueError, StateTextError, UnknownGameError)
from pybridge.text import clean_line, without_colour
from pybridge.types import Dialect, ResultWord

GAMES_DIR = PROLOG_DIR / "games"
_GAME_ID = re.compile(r"[a-z][a-z0-9_]*\Z")

_loaded: dict[str, "_GameInfo"] = {}
_loaded_lock = threading.Lock()


def games() -> list[str]:
    """Ids of every game, sorted."""
    return sorted(
        p.stem for p in GAMES_DIR.glob("*.pl") if _GAME_ID.match(p.stem)
    )


@dataclass(frozen=True)
class _GameInfo:
    id: str
    title: str
    players: tuple[str, ...]
    options: tuple[Option, ...]
    module: str
    engine: GameEngine
    file: gamefile.GameFileRef | None = None


def _info(game_id: str) -> _GameInfo:
    with _loaded_lock:
        if game_id in _loaded:
            return _loaded[game_id]
        if not isinstance(game_id, str) or game_id not in games():
            hint = (" (a game file is named by its path, e.g. ./nim.pl)"
                    if isinstance(game_id, str) and not gamefile.is_game_path(game_id) else "")
            raise UnknownGameError(
                f"unknown game {game_id!r} (games: {', '.join(games())}){hint}"
            )
        path = (GAMES_DIR / f"{game_id}.pl").as_posix()
        got = _prolog.bridge("load_game", path, outputs=["Game"])
        if got is None or _prolog.text(got["Game"]) != game_id:
            raise UnknownGameError(f"{path} does not define module {game_id}")
        info = _describe(game_id, game_id, InProcessEngine(game_id), None)
        _loaded[game_id] = info
        return info


def _file_info(ref: gamefile.GameFileRef) -> _GameInfo:
    module, _ = game_registry.load(ref)
    with _loaded_lock:
        if module not in _loaded:
            _loaded[module] = _describe(gamefile.game_id(ref), module, HostEngine(ref), ref)
        info = _loaded[module]
    return info if info.file == ref else _GameInfo(
        info.id, info.title, info.players, info.options, info.module, info.engine, ref)


def _describe(game_id: str, module: str, engine: GameEngine,
              ref: gamefile.GameFileRef | None) -> _GameInfo:
    title, players, options = engine.describe()
    return _GameInfo(id=game_id, title=title, players=players, options=options,
                     module=module, engine=engine, file=ref)


def load_game(game_id: str, **options: object) -> "Game":
    """The game ``game_id`` (a built-in game's id or a game file's path)
    with ``options`` (values may be text, as typed). An unknown game, an
    unknown option or a value the game rejects raises a ValueError naming it."""
    if isinstance(game_id, str) and game_id not in games() and gamefile.names_file(game_id):
        return Game(_file_info(gamefile.resolve(game_id)), options)
    return Game(_info(game_id), options)


def load_game_file(path: str, *, dialect: Dialect = Dialect.AUTO, config: str | None = None,
                   **options: object) -> "Game":
    """The game in the file at ``path``; ``config`` is a Prolog term (text)
    passed verbatim to its initial_state/2 instead of the options list.
    A file that is missing, refused or incomplete raises GameFileError."""
    ref = gamefile.resolve(path, dialect=dialect, config=config)
    return Game(_file_info(ref), options)


def load_tournament_game(game_id: str, options: Mapping[str, object], *,
                         config: str | None = None, dialect: Dialect = Dialect.AUTO) -> "Game":
    """The game ``game_id`` with ``options``; a game file with the config
    term ``config`` and ``dialect`` (which a built-in game refuses:
    OptionError)."""
    if isinstance(game_id, str) and game_id not in games() and gamefile.names_file(game_id):
        return load_game_file(game_id, dialect=dialect, config=config, **options)
    if config is not None or dialect != Dialect.AUTO:
        raise OptionError(f"--config and --dialect are for game files; {game_id} is a "
                          "built-in game")
    return load_game(game_id, **options)


def load_game_ref(ref: gamefile.GameFileRef, **options: object) -> "Game":
    """The game of a reference read from a log (see gamefile.from_record)."""
    return Game(_file_info(ref), options)


class Game:
    """A game's rules with one set of option values."""

    def __init__(self, info: _GameInfo, options: Mapping[str, object]) -> None:
        self._info = info
        known = {o.name: o for o in info.options}
        values: dict[str, OptionValue] = {o.name: o.default for o in info.options}
        for name, value in options.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise OptionError(
                    f"unknown option {name!r} for {info.id} (options: {names})"
                )
            values[name] = _coerce(info.id, known[name], value)
        self._options = values
        self.engine = info.engine
        try:
            if info.file is not None and info.file.config is not None:
                got = info.engine.new_state_config(info.file.config)
            else:
                got = info.engine.new_state(values)
        except PrologValueError as exc:
            raise OptionError(_option_message(info.id, exc.message)) from None
        if got is None:
            raise OptionError(f"{info.id}: initial_state/2 failed for these options")
        self._initial = got

    id = property(lambda self: self._info.id)
    module = property(lambda self: self._info.module)
    file = property(lambda self: self._info.file)
    title = property(lambda self: self._info.title)

    @property
    def players(self) -> tuple[str, ...]:
        """The players, first mover first."""
        return self._info.players

    @property
    def options(self) -> dict[str, OptionValue]:
        """Every option's value (defaults included)."""
        return dict(self._options)

    @property
    def option_specs(self) -> tuple[Option, ...]:
        return self._info.options

    def initial_state(self) -> "State":
        return State(self, self._initial)

    def begin(self) -> None:
        """A game of these rules begins: a game file gets a fresh copy of
        itself (what an earlier game asserted is gone)."""
        self.engine.begin_game(self._options,
                               self.file.config if self.file is not None else None)

    def state_from_text(self, state_text: str) -> "State":
        """The state written as ``state_text`` (as ``str(state)`` gives)."""
        if not isinstance(state_text, str):
            raise StateTextError(f"state text must be a str, not {type(state_text).__name__}")
        try:
            got = self.engine.parse_state(state_text)
        except PrologValueError:
            got = None
        if got is None:
            raise StateTextError(f"not a {self.id} state: {state_text!r}")
        return State(self, got)

    def opponent(self, player: str) -> str:
        first, second = self.players
        if player == first:
            return second
        if player == second:
            return first
        raise ValueError(f"{player!r} is not a player of {self.id}")

    def rules(self) -> str:
        return self.engine.rules()

    def typed_move(self, typed: str) -> str | None:
        """The move text of the move term written as ``typed``, or None."""
        return self.engine.typed_move(typed)

    def seed(self, seed: int) -> None:
        """Seed Prolog's random generator (random moves and AI tie-breaks)."""
        self.engine.seed(int(seed))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.module == self.module
            and other.file == self.file
            and other._options == self._options
        )

    def __hash__(self) -> int:
        return hash((self.module, tuple(sorted(self._options.items()))))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self._options.items())
        if self.file is not None:
            return f"load_game_file({self.file.path!r}{opts})"
        return f"load_game({self.id!r}{opts})"


#: A state's player to move, valid move texts, and winner (None while on).
_Facts = tuple[str, tuple[str, ...], "str | None"]


class State:
    """One position of a game. Immutable; moves return new states."""

    __slots__ = ("_game", "_text", "_facts", "_outcome")

    def __init__(self, game: Game, state_text: str) -> None:
        self._game = game
        self._text = state_text
        self._facts: _Facts | None = None
        self._outcome: tuple[str, str] | None = None  # once known to be over

    @property
    def game(self) -> Game:
        return self._game

    def _info(self) -> _Facts:
        if self._facts is None:
            player, moves, over = self._game.engine.state_info(self._text)
            self._facts = self._seated(player, moves, None if over == ResultWord.NONE else over)
        return self._facts

    def _seated(self, player: str, moves: tuple[str, ...], over: str | None) -> _Facts:
        """The facts of this state, once its player and winner are seats
        of the game; else GameRuleError naming the rule."""
        seats = self._game.players
        if player not in seats:
            raise GameRuleError("game_rule", clean_line(
                f"{self._game.id}: current_player/2 gave {player!r}, not one of players/1 "
                f"{list(seats)}, in state {self._text}", 300))
        if over is not None and over != ResultWord.DRAW and over not in seats:
            raise GameRuleError("game_rule", clean_line(
                f"{self._game.id}: game_over/2 gave winner {over!r}, not a player or draw, "
                f"in state {self._text}", 300))
        return (player, moves, over)

    @property
    def current_player(self) -> str:
        return self._info()[0]

    def valid_moves(self) -> list[str]:
        """Every valid move's text, in the rules' order; [] when over."""
        return list(self._info()[1])

    def game_over(self) -> str | None:
        """None while the game goes on, else the winner or 'draw'."""
        return self._info()[2]

    def is_over(self) -> bool:
        return self._info()[2] is not None

    def outcome(self) -> tuple[str, str] | None:
        """(winner or 'draw', reason) once the game is over, else None."""
        if self._outcome is None and (self._facts is None or self._facts[2] is not None):
            self._outcome = self._game.engine.outcome(self._text)
        return self._outcome

    def move(self, move: str) -> "State":
        """The state after ``move``; IllegalMoveError if it is not valid."""
        return self.apply(move).after

    def canonical_move(self, move: str) -> str:
        """The canonical text of a valid move typed as ``move``."""
        if self._facts is not None and move in self._facts[1]:
            return move
        return self.apply(move).move

    def move_note(self, move: str) -> str:
        """What ``move`` decides in the game's words (move_outcome/4), or ''."""
        return self.apply(move).note

    def apply(self, move: str) -> "Applied":
        """``move`` applied by the rules, in one query that also gives the new
        state's facts; IllegalMoveError if it is not valid, GameRuleError
        if the rules refuse a move they list."""
        if not isinstance(move, str):
            raise IllegalMoveError(repr(move), self, "a move is given as text")
        played = self._game.engine.play_move(self._text, move)
        if played is None:
            if move in self.valid_moves():
                raise GameRuleError("game_rule", f"{self._game.id}: move/3 failed for "
                                    f"{move}, a move valid_moves/2 lists")
            raise IllegalMoveError(move, self, self.why_illegal(move))
        new = State(self._game, played.state)
        over = None if played.over == ResultWord.NONE else played.over
        new._facts = new._seated(played.player, played.moves, over)
        new._outcome = None if over is None else (over, played.reason)
        return Applied(played.move, new, played.note)

    def why_illegal(self, move: str) -> str:
        """Why ``move`` is not valid here, in the game's terms."""
        got = self._game.engine.move_error(self._text, move)
        return got if got is not None else f"{move} is not a valid move"

    def value(self, player: str) -> float:
        got = self._game.engine.value(self._text, player)
        if got is None:
            raise ValueError(f"no value for {player!r} in {self} ({self._game.id} has no value/3)")
        return got

    def display(self, *, color: bool = True, last_move: str | None = None) -> str:
        """What display_game prints; ANSI colours unless ``color`` is false."""
        out = self._game.engine.display(self._text, last_move or "")
        return out if color else without_colour(out)

    def choose_move(self, level: int, *, seconds: float = 0, general: bool = False) -> str:
        """The move the built-in AI at ``level`` plays (``general``: the
        arena's general AI, even where the game has levels of its own)
        within the move time ``seconds`` (0: its level's own time; see
        :meth:`choose`). Ctrl-C interrupts it (Interrupted)."""
        return self.choose(level, seconds=seconds, general=general)[0]

    def choose(self, level: int, *, seconds: float = 0, general: bool = False) -> tuple[str, str]:
        """(move, note) of the built-in AI at ``level``. With a move time
        ``seconds`` the general AI searches for a share of it (0.95 less 45
        ms at level 5 and up), a game file's own level is cut at 0.9 of it
        (a level cut short plays a random valid move, and the note says so;
        '' when none), a built-in game's own searching levels stop within
        0.85 of it. ThinkTimeout when the game's process does not answer."""
        if not isinstance(level, int) or isinstance(level, bool) or level < 1:
            raise ValueError(f"AI level must be a whole number >= 1, got {level!r}")
        if not seconds >= 0:
            raise ValueError(f"move time must be 0 (none) or positive, got {seconds!r}")
        got = self._game.engine.choose(self._text, -level if general else level, float(seconds))
        if got is None:
            raise NoMoveError(f"{'mcts' if general else 'ai'}:{level} found no move in {self}")
        return got

    def search(self, seconds: float = 0.5) -> "Search | None":
        """The general AI's own numbers from this position (iterations;
        per move visits, win rate, proven result) after ``seconds`` of
        search, or None for a game that does not run it (built-in games
        play with AIs of their own)."""
        if self.is_over():
            return None
        return self._game.engine.search(self._text, float(seconds))

    def move_descriptions(self) -> dict[str, str]:
        """Every valid move's text with a short description ('' if none)."""
        return self._game.engine.move_descriptions(self._text)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"<State {self._game.id} {self._text}>"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and other._game == self._game
            and other._text == self._text
        )

    def __hash__(self) -> int:
        return hash((self._game.module, self._text))


@dataclass(frozen=True)
class Applied:
    """A move applied: its canonical text, the state after it, its note."""

    move: str
    after: State
    note: str = ""
